import { queryOptions, useQuery } from '@tanstack/react-query';
import type { leadCountsResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /leads/mine/counts: the partner's referrals per status, and their total. */
export const getMyLeadCounts = () => getData<typeof leadCountsResponse>(api.get(apiPaths.leads.mineCounts));

export const myLeadCountsQueryOptions = () =>
  queryOptions({ queryKey: ['leads', 'mine', 'counts'], queryFn: getMyLeadCounts, staleTime: 0 });

export const useMyLeadCounts = () => useQuery(myLeadCountsQueryOptions());
