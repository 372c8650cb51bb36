import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshUserCaches } from './user-cache';

/** PATCH /admin/users/{id} */
export const updateUser = (id: number, body: UpdateUserRequest) => getMessage(api.patch(apiPaths.admin.user(id), body));

export function useUpdateUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserRequest) => updateUser(id, body),
    onSuccess: () => refreshUserCaches(queryClient),
  });
}
