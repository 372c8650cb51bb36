import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { pixelResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /users/user/get-pixel-id: the partner's Facebook Pixel ID ('' when none). */
export async function getPixelId(): Promise<string> {
  const data = await getData<typeof pixelResponse>(api.get(apiPaths.users.pixelId));
  // Older servers answered null for "none".
  return data.facebook_pixel_id ?? '';
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
