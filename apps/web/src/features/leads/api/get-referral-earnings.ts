import { queryOptions, useQuery } from '@tanstack/react-query';
import type { referralEarningsResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /commissions/referrals/{id}/earnings: what an approved referral earned or will earn. */
export const getReferralEarnings = (id: string) =>
  getData<typeof referralEarningsResponse>(api.get(apiPaths.commissions.referralEarnings(id)));

export const referralEarningsQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['commissions', 'referral', id], queryFn: () => getReferralEarnings(id) });

export const useReferralEarnings = (id: string, enabled: boolean) => useQuery({ ...referralEarningsQueryOptions(id), enabled });
