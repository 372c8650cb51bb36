import { pageLimits, type LeadStatus, type partnerLeadListResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useFilteredCursorList } from '@/lib/api/cursor-paging';

export interface MyLeadFilters {
  status?: LeadStatus;
  q?: string;
}

/** GET /leads/mine: one page of the partner's own referrals, newest first. */
export const getMyLeads = (filters: MyLeadFilters, cursor?: string, limit: number = pageLimits.default) =>
  getData<typeof partnerLeadListResponse>(api.get(apiPaths.leads.mine, { params: { ...filters, cursor, limit } }));

export const useMyLeads = (filters: MyLeadFilters) =>
  useFilteredCursorList(['leads', 'mine', 'list', filters], (cursor) => getMyLeads(filters, cursor));
