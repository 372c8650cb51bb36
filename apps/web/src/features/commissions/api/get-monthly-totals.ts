import { useMutation, useQuery } from '@tanstack/react-query';
import type { monthlyTotalsResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { downloadFile } from '@/lib/api/download';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/commissions/totals: all partners' totals per month. */
export const useMonthlyTotals = () =>
  useQuery({
    queryKey: ['admin', 'commissions', 'totals'],
    queryFn: () => getData<typeof monthlyTotalsResponse>(api.get(apiPaths.admin.commissionTotals)),
  });

/** GET /admin/commissions/totals.csv, saved as a file. */
export const useExportTotals = () =>
  useMutation({ mutationFn: () => downloadFile(apiPaths.admin.commissionTotalsExport, {}, 'commission-totals.csv') });
