import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordReturnRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshPayouts } from './payouts-cache';

/** POST /admin/payouts/returns: the bank returned an entry. */
export const recordReturn = (body: RecordReturnRequest) => getMessage(api.post(apiPaths.payouts.returns, body));

export function useRecordReturn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordReturn, onSettled: () => refreshPayouts(queryClient) });
}
