import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/api/download';
import { apiPaths } from '@/lib/api/paths';
import type { AdminLeadFilters } from './get-admin-leads';

/** GET /admin/leads/export.csv with the list's current filters and sort (the table's order), saved as a file. */
export const exportAdminLeads = (filters: AdminLeadFilters) =>
  downloadFile(apiPaths.admin.leadsExport, { ...filters }, 'referrals.csv');

export const useExportAdminLeads = () => useMutation({ mutationFn: exportAdminLeads });
