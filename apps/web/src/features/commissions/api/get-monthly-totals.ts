import { queryOptions, useQuery } from '@tanstack/react-query';
import type { monthlyTotalsResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/commissions/totals: all partners' totals per month. */
export const getMonthlyTotals = () => getData<typeof monthlyTotalsResponse>(api.get(apiPaths.admin.commissionTotals));

export const monthlyTotalsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'commissions', 'totals'], queryFn: getMonthlyTotals });

export const useMonthlyTotals = () => useQuery(monthlyTotalsQueryOptions());
