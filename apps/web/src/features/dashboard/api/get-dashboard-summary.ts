import { useQuery } from '@tanstack/react-query';
import type { dashboardSummaryResponse, Period } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { dashboardQueryOptions } from './dashboard-query';

/** GET /dashboard/summary?period=: the partner's cards of the period. */
export const getDashboardSummary = (period: Period) =>
  getData<typeof dashboardSummaryResponse>(api.get('/dashboard/summary', { params: { period } }));

export const dashboardSummaryQuery = (period: Period) => dashboardQueryOptions('summary', period, getDashboardSummary);

export const useDashboardSummary = (period: Period) => useQuery(dashboardSummaryQuery(period));
