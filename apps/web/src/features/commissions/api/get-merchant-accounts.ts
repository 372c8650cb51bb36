import { queryOptions, useQuery } from '@tanstack/react-query';
import type { merchantAccountListResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/merchant-accounts?partner_id=: the partner's merchant accounts with their imported volume. */
export const getMerchantAccounts = async (partnerId: number) =>
  (
    await getData<typeof merchantAccountListResponse>(
      api.get(apiPaths.admin.merchantAccounts, { params: { partner_id: partnerId } }),
    )
  ).items;

export const merchantAccountsQueryOptions = (partnerId: number) =>
  queryOptions({
    queryKey: ['admin', 'commissions', 'merchants', partnerId],
    queryFn: () => getMerchantAccounts(partnerId),
  });

export const useMerchantAccounts = (partnerId: number) => useQuery(merchantAccountsQueryOptions(partnerId));
