import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RejectRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshUserCaches } from './user-cache';

export type UserAction = Parameters<typeof apiPaths.admin.userAction>[1];

interface UserActionInput {
  id: number;
  action: UserAction;
  body?: { reason?: string } | RejectRequest;
}

/** POST /admin/users/{id}/{action} (disable, enable, send-reset, revoke-sessions, reset-two-factor, resend-invite, approve, reject). */
export const runUserAction = ({ id, action, body }: UserActionInput) =>
  getMessage(api.post(apiPaths.admin.userAction(id, action), body ?? {}));

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runUserAction, onSuccess: () => refreshUserCaches(queryClient) });
}
