import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ensureSuccess } from '@/lib/api/errors';
import { settingsQueryOptions } from './get-settings';

/** DELETE /admin/settings/{key}. */
export async function deleteSetting(key: string): Promise<void> {
  const { data } = await api.delete<{ status?: string; message?: string } | ''>(`/admin/settings/${encodeURIComponent(key)}`);
  ensureSuccess(data);
}

export function useDeleteSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey }),
  });
}
