import { queryOptions, useQuery } from '@tanstack/react-query';
import type { payoutDetailsResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { payoutsKey } from './payouts-cache';

/** GET /users/payout-details: the partner's tax form, bank account (masked) and readiness. */
export const getPayoutDetails = () => getData<typeof payoutDetailsResponse>(api.get(apiPaths.payouts.details));

export const payoutDetailsQueryOptions = () => queryOptions({ queryKey: [...payoutsKey, 'details'], queryFn: getPayoutDetails });

export const usePayoutDetails = () => useQuery(payoutDetailsQueryOptions());
