import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSettingRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { ensureSuccess } from '@/lib/api/errors';
import { settingsQueryOptions } from './get-settings';

/** POST /admin/settings. */
export async function createSetting(body: CreateSettingRequest): Promise<void> {
  const { data } = await api.post<{ status?: string; message?: string }>('/admin/settings', body);
  ensureSuccess(data);
}

export function useCreateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey }),
  });
}
