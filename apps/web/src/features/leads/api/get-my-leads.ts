import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { pageLimits, type LeadStatus, type partnerLeadListResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { cursorPaging } from '@/lib/api/cursor-paging';

export interface MyLeadFilters {
  status?: LeadStatus;
  q?: string;
}

/** GET /leads/mine: one page of the partner's own referrals, newest first. */
export const getMyLeads = (filters: MyLeadFilters, cursor?: string, limit: number = pageLimits.default) =>
  getData<typeof partnerLeadListResponse>(api.get(apiPaths.leads.mine, { params: { ...filters, cursor, limit } }));

export const myLeadsQueryOptions = (filters: MyLeadFilters) =>
  infiniteQueryOptions({
    queryKey: ['leads', 'mine', 'list', filters],
    queryFn: ({ pageParam }) => getMyLeads(filters, pageParam),
    ...cursorPaging,
    staleTime: 0,
  });

export const useMyLeads = (filters: MyLeadFilters) =>
  useInfiniteQuery({ ...myLeadsQueryOptions(filters), placeholderData: keepPreviousData });
