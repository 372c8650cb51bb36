import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Setting } from '@portal/contract';
import { api } from '@/lib/api/client';
import { unwrapSuccess } from '@/lib/api/errors';

/** GET /admin/settings: every setting as {key, value}. */
export async function getSettings(): Promise<Setting[]> {
  const { data } = await api.get<{ status: string; data?: Setting[] }>('/admin/settings');
  return unwrapSuccess(data);
}

export const settingsQueryOptions = () => queryOptions({ queryKey: ['admin', 'settings'], queryFn: getSettings, staleTime: 0 });

export const useSettings = () => useQuery(settingsQueryOptions());
