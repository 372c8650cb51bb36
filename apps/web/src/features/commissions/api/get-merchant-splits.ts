import { queryOptions, useQuery } from '@tanstack/react-query';
import type { merchantSplitsResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/merchant-accounts/{id}/splits: the chain's versions and last month's net split over it. */
export const getMerchantSplits = (accountId: string) =>
  getData<typeof merchantSplitsResponse>(api.get(apiPaths.admin.merchantSplits(accountId)));

export const merchantSplitsQueryOptions = (accountId: string) =>
  queryOptions({ queryKey: ['admin', 'merchant-splits', accountId], queryFn: () => getMerchantSplits(accountId) });

export const useMerchantSplits = (accountId: string) => useQuery(merchantSplitsQueryOptions(accountId));
