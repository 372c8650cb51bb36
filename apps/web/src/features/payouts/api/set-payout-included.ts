import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { batchDetailResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshPayouts } from './payouts-cache';

/** POST /admin/payouts/batches/{id}/payouts/{payoutId}: exclude or include a partner. */
export const setPayoutIncluded = ({ batchId, payoutId, included }: { batchId: string; payoutId: string; included: boolean }) =>
  getData<typeof batchDetailResponse>(api.post(apiPaths.payouts.batchPayout(batchId, payoutId), { included }));

export function useSetPayoutIncluded() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPayoutIncluded, onSettled: () => refreshPayouts(queryClient) });
}
