import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { dashboardSummaryResponse, dashboardTimeseriesResponse, Period } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';

export const dashboardApi = {
  summary: '/dashboard/summary',
  timeseries: '/dashboard/timeseries',
} as const;

export const dashboardSummaryQuery = (period: Period) =>
  queryOptions({
    queryKey: ['dashboard', 'summary', period],
    queryFn: () => getData<typeof dashboardSummaryResponse>(api.get(dashboardApi.summary, { params: { period } })),
    placeholderData: keepPreviousData,
  });

export const dashboardTimeseriesQuery = (period: Period) =>
  queryOptions({
    queryKey: ['dashboard', 'timeseries', period],
    queryFn: () => getData<typeof dashboardTimeseriesResponse>(api.get(dashboardApi.timeseries, { params: { period } })),
    placeholderData: keepPreviousData,
  });

export const useDashboardSummary = (period: Period) => useQuery(dashboardSummaryQuery(period));
export const useDashboardTimeseries = (period: Period) => useQuery(dashboardTimeseriesQuery(period));
