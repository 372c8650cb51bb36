import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { payoutDetailsResponse, PutPayoutDetailsRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { payoutDetailsQueryOptions } from './get-payout-details';

/** PUT /users/payout-details: a tax form, a bank account, or both. */
export const savePayoutDetails = (body: PutPayoutDetailsRequest) =>
  getData<typeof payoutDetailsResponse>(api.put(apiPaths.payouts.details, body));

export function useSavePayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutDetails,
    onSuccess: (data) => queryClient.setQueryData(payoutDetailsQueryOptions().queryKey, data),
  });
}
