import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { merchantSplitsResponse, PutSplitsRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshCommissionCaches } from './commission-cache';
import { merchantSplitsQueryOptions } from './get-merchant-splits';

/** PUT /admin/merchant-accounts/{id}/splits: a new version of the chain, in force from a month. */
const saveMerchantSplits = (accountId: string, body: PutSplitsRequest) =>
  getData<typeof merchantSplitsResponse>(api.put(apiPaths.admin.merchantSplits(accountId), body));

export function useSaveMerchantSplits(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutSplitsRequest) => saveMerchantSplits(accountId, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(merchantSplitsQueryOptions(accountId).queryKey, saved);
      // Drafts from that month were split again: lines, statements and totals change.
      await refreshCommissionCaches(queryClient);
    },
  });
}
