import { queryOptions, useQuery } from '@tanstack/react-query';
import type { adminUserDetailResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/users/{id}: the partner's name and email for the page's heading. */
export const getPartner = (id: number) => getData<typeof adminUserDetailResponse>(api.get(apiPaths.admin.user(id)));

export const partnerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'users', 'detail', id],
    queryFn: () => getPartner(id),
    enabled: Number.isSafeInteger(id) && id > 0,
  });

export const usePartner = (id: number) => useQuery(partnerQueryOptions(id));
