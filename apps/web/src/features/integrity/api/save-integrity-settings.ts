import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntegritySettings, integritySettingsResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { integritySettingsQueryOptions } from './get-integrity-settings';

/** PUT /admin/integrity-settings */
export const saveIntegritySettings = (settings: IntegritySettings) =>
  getData<typeof integritySettingsResponse>(api.put(apiPaths.admin.integritySettings, settings));

export function useSaveIntegritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIntegritySettings,
    onSuccess: (saved) => queryClient.setQueryData(integritySettingsQueryOptions().queryKey, saved),
  });
}
