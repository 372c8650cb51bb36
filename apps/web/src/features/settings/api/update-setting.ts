import type { UpdateSettingRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useRefetchingMutation } from '@/lib/api/mutations';
import { settingsQueryOptions } from './get-settings';

/** PUT /admin/settings/{key}; the key itself never changes. */
export async function updateSetting({ key, ...body }: UpdateSettingRequest & { key: string }): Promise<void> {
  await getMessage(api.put(apiPaths.admin.setting(key), body));
}

export const useUpdateSetting = () => useRefetchingMutation(updateSetting, settingsQueryOptions().queryKey);
