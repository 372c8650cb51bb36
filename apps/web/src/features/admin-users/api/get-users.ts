import { keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  adminUserDetailResponse,
  adminUserListResponse,
  AdminUserSort,
  InviteUserRequest,
  RejectRequest,
  Role,
  UpdateUserRequest,
  UserStatus,
} from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData, getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { cursorPaging } from '@/lib/api/cursor-paging';

export interface UserFilters {
  search?: string;
  role?: Role;
  status?: UserStatus;
  no_recent_referrals?: boolean;
  sort: AdminUserSort;
  dir: 'asc' | 'desc';
}

const params = (f: UserFilters) => ({
  ...(f.search ? { search: f.search } : {}),
  ...(f.role ? { role: f.role } : {}),
  ...(f.status ? { status: f.status } : {}),
  ...(f.no_recent_referrals ? { no_recent_referrals: 'true' } : {}),
  sort: f.sort,
  dir: f.dir,
});

const usersKey = ['admin', 'users'] as const;

/** GET /admin/users, one cursor page at a time. */
export function useUsers(filters: UserFilters) {
  return useInfiniteQuery({
    queryKey: [...usersKey, 'list', filters],
    queryFn: ({ pageParam }) =>
      getData<typeof adminUserListResponse>(
        api.get(apiPaths.admin.users, { params: { ...params(filters), limit: 25, ...(pageParam ? { cursor: pageParam } : {}) } }),
      ),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });
}

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...usersKey, 'detail', id],
    queryFn: () => getData<typeof adminUserDetailResponse>(api.get(apiPaths.admin.user(id))),
  });

/** GET /admin/users/{id}: profile, figures, referrals and audit trail. */
export const useUser = (id: number) => useQuery(userQueryOptions(id));

/** GET /admin/users/export.csv of the filter (or of chosen ids), saved as a file. */
export async function downloadUsersCsv(filters: UserFilters, ids?: number[]): Promise<void> {
  const response = await api.get<Blob>(apiPaths.admin.usersExport, {
    params: { ...params(filters), ...(ids?.length ? { ids: ids.join(',') } : {}) },
    responseType: 'blob',
  });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = `users-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usersKey });
}

/** POST /admin/users/invite. */
export function useInviteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: InviteUserRequest) => getMessage(api.post(apiPaths.admin.userInvite, body)),
    onSuccess: invalidate,
  });
}

/** PATCH /admin/users/{id}. */
export function useUpdateUser(id: number) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: UpdateUserRequest) => getMessage(api.patch(apiPaths.admin.user(id), body)),
    onSuccess: invalidate,
  });
}

export type UserAction = Parameters<typeof apiPaths.admin.userAction>[1];

/** POST /admin/users/{id}/{action} (disable, enable, send-reset, revoke-sessions, reset-two-factor, resend-invite, approve, reject). */
export function useUserAction() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: number; action: UserAction; body?: { reason?: string } | RejectRequest }) =>
      getMessage(api.post(apiPaths.admin.userAction(id, action), body ?? {})),
    onSuccess: invalidate,
  });
}
