import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest, sessionsResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData, getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

const sessionsKey = ['users', 'sessions'] as const;

/** POST /users/change-password: other sessions end, this one stays. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => getMessage(api.post(apiPaths.users.changePassword, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** GET /users/sessions: the caller's signed-in devices. */
export const useSessions = () =>
  useQuery({ queryKey: sessionsKey, queryFn: () => getData<typeof sessionsResponse>(api.get(apiPaths.users.sessions)) });

/** DELETE /users/sessions/{id}, or POST /users/sessions/revoke-others when no id is given. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId?: number) =>
      getMessage(
        sessionId === undefined ? api.post(apiPaths.users.revokeOtherSessions) : api.delete(apiPaths.users.session(sessionId)),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
