import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshPayouts } from './payouts-cache';

/** POST /admin/payouts/batches/{id}/sent: the file went to the bank; statements become paid. */
export const markBatchSent = (batchId: string) => getMessage(api.post(apiPaths.payouts.batchSent(batchId)));

export function useMarkBatchSent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markBatchSent, onSettled: () => refreshPayouts(queryClient) });
}
