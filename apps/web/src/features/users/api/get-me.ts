import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages, type meResponse, type User } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useAuthStore } from '@/lib/auth/auth-store';

/** GET /users/me: the signed-in user, fresh from the server. */
export async function getMe(): Promise<User> {
  return (await getData<typeof meResponse>(api.get(apiPaths.users.me))).user;
}

export const meQueryOptions = () => queryOptions({ queryKey: ['users', 'me'], queryFn: getMe, staleTime: 0, retry: false });

/** Refreshes the stored profile each time the layout loads (spec §4); a failure is only logged. */
export function useProfileRefresh() {
  const query = useQuery(meQueryOptions());
  const setUser = useAuthStore((s) => s.setUser);
  useEffect(() => {
    if (query.data) setUser(query.data);
  }, [query.data, setUser]);
  useEffect(() => {
    if (query.error) console.error(messages.auth.profileFailed, query.error);
  }, [query.error]);
}
