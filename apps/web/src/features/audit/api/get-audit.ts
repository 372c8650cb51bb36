import { pageLimits, type auditListResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useFilteredCursorList } from '@/lib/api/cursor-paging';

export interface AuditFilters {
  action?: string;
  target_type?: string;
  from?: string;
  to?: string;
}

/** GET /admin/audit: one page of the audit log, newest first. */
export const getAudit = (filters: AuditFilters, cursor?: string) =>
  getData<typeof auditListResponse>(api.get(apiPaths.admin.audit, { params: { ...filters, cursor, limit: pageLimits.default } }));

export const useAudit = (filters: AuditFilters) =>
  useFilteredCursorList(['admin', 'audit', filters], (cursor) => getAudit(filters, cursor));
