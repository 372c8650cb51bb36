import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/api/download';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/commissions/totals.csv, saved as a file. */
export const exportTotals = () => downloadFile(apiPaths.admin.commissionTotalsExport, {}, 'commission-totals.csv');

export const useExportTotals = () => useMutation({ mutationFn: exportTotals });
