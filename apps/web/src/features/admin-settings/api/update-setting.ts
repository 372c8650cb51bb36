import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateSettingRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { ensureSuccess } from '@/lib/api/errors';
import { settingsQueryOptions } from './get-settings';

/** PUT /admin/settings/{key}; the key itself never changes. */
export async function updateSetting({ key, ...body }: UpdateSettingRequest & { key: string }): Promise<void> {
  const { data } = await api.put<{ status?: string; message?: string }>(`/admin/settings/${encodeURIComponent(key)}`, body);
  ensureSuccess(data);
}

export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey }),
  });
}
