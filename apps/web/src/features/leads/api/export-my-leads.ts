import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/api/download';
import { apiPaths } from '@/lib/api/paths';
import type { MyLeadFilters } from './get-my-leads';

/** GET /leads/mine/export.csv with the list's current filters, saved as a file. */
export const exportMyLeads = (filters: MyLeadFilters) => downloadFile(apiPaths.leads.mineExport, { ...filters }, 'referrals.csv');

export const useExportMyLeads = () => useMutation({ mutationFn: exportMyLeads });
