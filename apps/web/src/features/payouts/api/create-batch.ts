import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { batchDetailResponse, CreateBatchRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshPayouts } from './payouts-cache';

/** POST /admin/payouts/batches: build (or rebuild) the month's draft batch. */
export const createBatch = (body: CreateBatchRequest) =>
  getData<typeof batchDetailResponse>(api.post(apiPaths.payouts.batches, body));

export function useCreateBatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBatch, onSettled: () => refreshPayouts(queryClient) });
}
