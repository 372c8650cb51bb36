import type { IntegritySettings, integritySettingsResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useCachingMutation } from '@/lib/api/mutations';
import { integritySettingsQueryOptions } from './get-integrity-settings';

/** PUT /admin/integrity-settings */
export const saveIntegritySettings = (settings: IntegritySettings) =>
  getData<typeof integritySettingsResponse>(api.put(apiPaths.admin.integritySettings, settings));

export const useSaveIntegritySettings = () => useCachingMutation(saveIntegritySettings, integritySettingsQueryOptions().queryKey);
