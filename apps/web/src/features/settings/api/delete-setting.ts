import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useRefetchingMutation } from '@/lib/api/mutations';
import { settingsQueryOptions } from './get-settings';

/** DELETE /admin/settings/{key}. */
export async function deleteSetting(key: string): Promise<void> {
  await getMessage(api.delete(apiPaths.admin.setting(key)));
}

export const useDeleteSetting = () => useRefetchingMutation(deleteSetting, settingsQueryOptions().queryKey);
