import { pageLimits, type adminLeadListResponse, type AdminLeadListQuery } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useFilteredCursorList } from '@/lib/api/cursor-paging';

/** The list's filters as the URL and the API carry them (strings; empty ones left out). */
export type AdminLeadFilters = Omit<AdminLeadListQuery, 'cursor' | 'limit' | 'partner_id'> & { partner_id?: string };

/** GET /admin/leads: one page of leads, newest first, with the counts per status of the filter. */
export const getAdminLeads = (filters: AdminLeadFilters, cursor?: string) =>
  getData<typeof adminLeadListResponse>(
    api.get(apiPaths.admin.leads, { params: { ...filters, cursor, limit: pageLimits.default } }),
  );

export const useAdminLeads = (filters: AdminLeadFilters, enabled = true) =>
  useFilteredCursorList(['admin', 'leads', 'list', filters], (cursor) => getAdminLeads(filters, cursor), enabled);
