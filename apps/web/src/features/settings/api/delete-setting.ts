import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { settingsQueryOptions } from './get-settings';

/** DELETE /admin/settings/{key}. */
export async function deleteSetting(key: string): Promise<void> {
  await getMessage(api.delete(apiPaths.admin.setting(key)));
}

export function useDeleteSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey }),
  });
}
