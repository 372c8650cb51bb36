import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrapSuccess } from '@/lib/api/errors';

/** GET /users/user/get-pixel-id: the partner's Facebook Pixel ID ('' when none). */
export async function getPixelId(): Promise<string> {
  const { data } = await api.get<{ status: string; data?: { facebook_pixel_id: string | null } }>('/users/user/get-pixel-id');
  return unwrapSuccess(data).facebook_pixel_id ?? '';
}

export const pixelIdQueryOptions = () => queryOptions({ queryKey: ['users', 'me', 'pixel-id'], queryFn: getPixelId });

/** A failed fetch is only logged (spec §8); the form then starts empty. */
export function usePixelId() {
  const query = useQuery(pixelIdQueryOptions());
  useEffect(() => {
    if (query.error) console.error('Failed to fetch Facebook Pixel ID', query.error);
  }, [query.error]);
  return query;
}
