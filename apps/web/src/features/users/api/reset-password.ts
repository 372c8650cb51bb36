import { useMutation, useQuery } from '@tanstack/react-query';
import type { LinkStatus, ResetPasswordRequest, User } from '@portal/contract';
import { api } from '@/lib/api/client';
import { ensureSuccess } from '@/lib/api/errors';
import { getData, getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import type { linkStatusResponse } from '@portal/contract';
import { useAuthStore } from '@/lib/auth/auth-store';

/**
 * POST /users/reset-password with the token from the emailed link. An invitation's first password
 * answers a session too: the person is signed in (issue 23 §6).
 */
export async function resetPassword(body: ResetPasswordRequest): Promise<{ user: User; token: string } | null> {
  const { data } = await api.post<{ status?: unknown; message?: unknown; data?: { user: User; token: string } }>(
    apiPaths.users.resetPassword,
    body,
  );
  ensureSuccess(data);
  return data.data?.token && data.data.user ? data.data : null;
}

export function useResetPassword() {
  const setSession = useAuthStore((s) => s.setSession);
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (session) => {
      if (session) setSession(session.token, session.user, { isNewcomer: true });
    },
  });
}

/** GET /users/reset-password/status: whether the link is valid, used or expired, before the form is filled. */
export const getLinkStatus = (token: string): Promise<LinkStatus> =>
  getData<typeof linkStatusResponse>(api.get(apiPaths.users.linkStatus, { params: { token } }));

export const useLinkStatus = (token: string) =>
  useQuery({ queryKey: ['link-status', token], queryFn: () => getLinkStatus(token), staleTime: Infinity, retry: false });

/** POST /users/invitation/renew: a new invitation for the person an expired link was sent to. */
export const renewInvitation = (token: string) => getMessage(api.post(apiPaths.users.renewInvitation, { token }));

export const useRenewInvitation = () => useMutation({ mutationFn: renewInvitation });
