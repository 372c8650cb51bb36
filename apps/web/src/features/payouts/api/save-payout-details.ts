import type { payoutDetailsResponse, PutPayoutDetailsRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useCachingMutation } from '@/lib/api/mutations';
import { payoutDetailsQueryOptions } from './get-payout-details';

/** PUT /users/payout-details: a tax form, a bank account, or both. */
export const savePayoutDetails = (body: PutPayoutDetailsRequest) =>
  getData<typeof payoutDetailsResponse>(api.put(apiPaths.payouts.details, body));

export const useSavePayoutDetails = () => useCachingMutation(savePayoutDetails, payoutDetailsQueryOptions().queryKey);
