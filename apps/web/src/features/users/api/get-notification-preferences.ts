import { queryOptions, useQuery } from '@tanstack/react-query';
import type { notificationPreferencesResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /users/notification-preferences: which emails the partner receives. */
export const getNotificationPreferences = () =>
  getData<typeof notificationPreferencesResponse>(api.get(apiPaths.users.notificationPreferences));

export const notificationPreferencesQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'me', 'notification-preferences'], queryFn: getNotificationPreferences });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQueryOptions());
