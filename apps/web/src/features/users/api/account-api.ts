import { useQuery } from '@tanstack/react-query';
import type { ChangePasswordRequest, sessionsResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData, getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useRefetchingMutation } from '@/lib/api/mutations';

const sessionsKey = ['users', 'sessions'] as const;

/** POST /users/change-password: other sessions end, this one stays. */
export const useChangePassword = () =>
  useRefetchingMutation((body: ChangePasswordRequest) => getMessage(api.post(apiPaths.users.changePassword, body)), sessionsKey);

/** GET /users/sessions: the caller's signed-in devices. */
export const useSessions = () =>
  useQuery({ queryKey: sessionsKey, queryFn: () => getData<typeof sessionsResponse>(api.get(apiPaths.users.sessions)) });

/** DELETE /users/sessions/{id}, or POST /users/sessions/revoke-others when no id is given. */
export const useEndSessions = () =>
  useRefetchingMutation(
    (sessionId?: number) =>
      getMessage(
        sessionId === undefined ? api.post(apiPaths.users.revokeOtherSessions) : api.delete(apiPaths.users.session(sessionId)),
      ),
    sessionsKey,
  );
