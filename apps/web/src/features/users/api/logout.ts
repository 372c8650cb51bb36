import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { messages } from '@portal/contract';
import { api } from '@/lib/api/client';
import { apiPaths } from '@/lib/api/paths';
import { useAuthStore, type SignOutReason } from '@/lib/auth/auth-store';

/** POST /users/logout ends the session on the server. */
export async function logout(): Promise<void> {
  await api.post(apiPaths.users.logout);
}

/**
 * Logs out (spec §4): ends the server session (a failure there is only logged), clears the stored
 * session and cached data, toasts; the route guard then shows /login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useCallback(
    async (reason: Extract<SignOutReason, 'logout' | 'inactivity'> = 'logout') => {
      try {
        await logout();
      } catch (error) {
        console.error('Logout request failed; clearing the session anyway', error);
      }
      useAuthStore.getState().clearSession(reason);
      queryClient.clear();
      // After inactivity /login says why instead (messages.auth.signedOutInactive).
      if (reason === 'logout') toast.success(messages.auth.loggedOut, { id: 'logged-out' });
    },
    [queryClient],
  );
}
