import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteUserRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshUserCaches } from './user-cache';

/** POST /admin/users/invite */
export const inviteUser = (body: InviteUserRequest) => getMessage(api.post(apiPaths.admin.userInvite, body));

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteUser, onSuccess: () => refreshUserCaches(queryClient) });
}
