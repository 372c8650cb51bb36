import type { NotificationPreferences, notificationPreferencesResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useCachingMutation } from '@/lib/api/mutations';
import { notificationPreferencesQueryOptions } from './get-notification-preferences';

/** PUT /users/notification-preferences. */
export const updateNotificationPreferences = (body: NotificationPreferences) =>
  getData<typeof notificationPreferencesResponse>(api.put(apiPaths.users.notificationPreferences, body));

export const useUpdateNotificationPreferences = () =>
  useCachingMutation(updateNotificationPreferences, notificationPreferencesQueryOptions().queryKey);
