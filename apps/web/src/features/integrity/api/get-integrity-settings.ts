import { queryOptions, useQuery } from '@tanstack/react-query';
import type { integritySettingsResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/integrity-settings */
export const getIntegritySettings = () => getData<typeof integritySettingsResponse>(api.get(apiPaths.admin.integritySettings));

export const integritySettingsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'integrity-settings'], queryFn: getIntegritySettings });

export const useIntegritySettings = () => useQuery(integritySettingsQueryOptions());
