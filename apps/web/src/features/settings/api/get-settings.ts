import { queryOptions, useQuery } from '@tanstack/react-query';
import type { settingsListResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/settings: every setting as {key, value}. */
export const getSettings = () => getData<typeof settingsListResponse>(api.get(apiPaths.admin.settings));

export const settingsQueryOptions = () => queryOptions({ queryKey: ['admin', 'settings'], queryFn: getSettings, staleTime: 0 });

export const useSettings = () => useQuery(settingsQueryOptions());
