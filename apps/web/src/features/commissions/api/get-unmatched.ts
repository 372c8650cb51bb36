import { queryOptions, useQuery } from '@tanstack/react-query';
import type { unmatchedListResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/commissions/unmatched?month=: report rows whose MID matches no merchant account. */
export const getUnmatched = async (month: string) =>
  (await getData<typeof unmatchedListResponse>(api.get(apiPaths.admin.commissionUnmatched, { params: { month } }))).items;

export const unmatchedQueryOptions = (month: string) =>
  queryOptions({ queryKey: ['admin', 'commissions', 'unmatched', month], queryFn: () => getUnmatched(month) });

export const useUnmatched = (month: string) => useQuery(unmatchedQueryOptions(month));
