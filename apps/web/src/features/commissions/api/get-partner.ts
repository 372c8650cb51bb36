import { useQuery } from '@tanstack/react-query';
import type { adminUserDetailResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/users/{id}: the partner's name and email for the page's heading. */
export const usePartner = (id: number) =>
  useQuery({
    queryKey: ['admin', 'users', 'detail', id],
    queryFn: () => getData<typeof adminUserDetailResponse>(api.get(apiPaths.admin.user(id))),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
