import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { adminUserListResponse, AdminUserSort, Role, UserStatus } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { cursorPaging } from '@/lib/api/cursor-paging';
import { usersKey } from './user-cache';

export interface UserFilters {
  search?: string;
  role?: Role;
  status?: UserStatus;
  no_recent_referrals?: boolean;
  sort: AdminUserSort;
  dir: 'asc' | 'desc';
}

/** The filters as query parameters (empty ones left out); the list and its CSV export share them. */
export const userListParams = (f: UserFilters) => ({
  ...(f.search ? { search: f.search } : {}),
  ...(f.role ? { role: f.role } : {}),
  ...(f.status ? { status: f.status } : {}),
  ...(f.no_recent_referrals ? { no_recent_referrals: 'true' } : {}),
  sort: f.sort,
  dir: f.dir,
});

/** GET /admin/users, one cursor page at a time. */
export const getUsers = (filters: UserFilters, cursor?: string) =>
  getData<typeof adminUserListResponse>(
    api.get(apiPaths.admin.users, { params: { ...userListParams(filters), limit: 25, ...(cursor ? { cursor } : {}) } }),
  );

export const usersQueryOptions = (filters: UserFilters) =>
  infiniteQueryOptions({
    queryKey: [...usersKey, 'list', filters],
    queryFn: ({ pageParam }) => getUsers(filters, pageParam),
    ...cursorPaging,
  });

export const useUsers = (filters: UserFilters) =>
  useInfiniteQuery({ ...usersQueryOptions(filters), placeholderData: keepPreviousData });
