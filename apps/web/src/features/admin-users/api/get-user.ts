import { queryOptions, useQuery } from '@tanstack/react-query';
import type { adminUserDetailResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { usersKey } from './user-cache';

/** GET /admin/users/{id}: profile, figures, referrals and audit trail. */
export const getUser = (id: number) => getData<typeof adminUserDetailResponse>(api.get(apiPaths.admin.user(id)));

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...usersKey, 'detail', id], queryFn: () => getUser(id) });

export const useUser = (id: number) => useQuery(userQueryOptions(id));
