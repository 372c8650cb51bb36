import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, notificationPreferencesResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { notificationPreferencesQueryOptions } from './get-notification-preferences';

/** PUT /users/notification-preferences. */
export const updateNotificationPreferences = (body: NotificationPreferences) =>
  getData<typeof notificationPreferencesResponse>(api.put(apiPaths.users.notificationPreferences, body));

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationPreferencesQueryOptions();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
}
