import type { CreateSettingRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useRefetchingMutation } from '@/lib/api/mutations';
import { settingsQueryOptions } from './get-settings';

/** POST /admin/settings. */
export async function createSetting(body: CreateSettingRequest): Promise<void> {
  await getMessage(api.post(apiPaths.admin.settings, body));
}

export const useCreateSetting = () => useRefetchingMutation(createSetting, settingsQueryOptions().queryKey);
