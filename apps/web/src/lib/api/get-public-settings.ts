import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_CONTACT_URL, limits, type PublicSettings } from '@portal/contract';
import { api } from './client';
import { unwrapSuccess } from './errors';

/** GET /settings/public: contact URL, support phone and inactivity timeout, no login needed. */
export async function getPublicSettings(): Promise<PublicSettings> {
  const { data } = await api.get<{ status: string; data?: PublicSettings }>('/settings/public');
  return unwrapSuccess(data);
}

export const publicSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'public'], queryFn: getPublicSettings, staleTime: 5 * 60_000 });

/** The public settings with the spec's defaults while loading and on failure (only logged). */
export function usePublicSettings() {
  const query = useQuery(publicSettingsQueryOptions());
  useEffect(() => {
    if (query.error) console.error('Failed to load public settings; using defaults', query.error);
  }, [query.error]);
  return {
    contactUrl: query.data?.contactUrl || DEFAULT_CONTACT_URL,
    inactivityLogoutMs: query.data?.inactivityLogoutMs ?? limits.inactivityLogoutMs,
  };
}
