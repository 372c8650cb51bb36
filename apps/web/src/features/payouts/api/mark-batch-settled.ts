import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshPayouts } from './payouts-cache';

/** POST /admin/payouts/batches/{id}/settled: the bank settled the batch; its sent payouts become paid. */
export const markBatchSettled = (batchId: string) => getMessage(api.post(apiPaths.payouts.batchSettled(batchId)));

export function useMarkBatchSettled() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markBatchSettled, onSettled: () => refreshPayouts(queryClient) });
}
