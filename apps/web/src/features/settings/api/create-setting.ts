import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSettingRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { settingsQueryOptions } from './get-settings';

/** POST /admin/settings. */
export async function createSetting(body: CreateSettingRequest): Promise<void> {
  await getMessage(api.post(apiPaths.admin.settings, body));
}

export function useCreateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey }),
  });
}
