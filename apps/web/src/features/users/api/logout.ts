import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { messages } from '@portal/contract';
import { api } from '@/lib/api/client';
import { apiPaths } from '@/lib/api/paths';
import { getToken, useAuthStore, type SignOutReason } from '@/lib/auth/auth-store';

/** POST /users/logout ends the session on the server (the token is given: the stored one is already cleared). */
export async function logout(token: string): Promise<void> {
  await api.post(apiPaths.users.logout, undefined, { headers: { Authorization: `Bearer ${token}` } });
}

/**
 * Logs out (spec §4): clears the stored session and cached data first, then ends the server session
 * (a failure there is only logged) and toasts; the route guard shows /login. Cleared first, so a
 * request still in flight that the server answers 401 once the session is gone cannot change why
 * the session ended ("expired" in place of "inactivity" on /login).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useCallback(
    async (reason: Extract<SignOutReason, 'logout' | 'inactivity'> = 'logout') => {
      const token = getToken();
      useAuthStore.getState().clearSession(reason);
      queryClient.clear();
      try {
        if (token) await logout(token);
      } catch (error) {
        console.error('Logout request failed; the session was cleared anyway', error);
      }
      // After inactivity /login says why instead (messages.auth.signedOutInactive).
      if (reason === 'logout') toast.success(messages.auth.loggedOut, { id: 'logged-out' });
    },
    [queryClient],
  );
}
