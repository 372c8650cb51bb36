import { useQuery } from '@tanstack/react-query';
import type { dashboardTimeseriesResponse, Period } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { dashboardQueryOptions } from './dashboard-query';

/** GET /dashboard/timeseries?period=: the partner's chart of the period. */
export const getDashboardTimeseries = (period: Period) =>
  getData<typeof dashboardTimeseriesResponse>(api.get('/dashboard/timeseries', { params: { period } }));

export const dashboardTimeseriesQuery = (period: Period) => dashboardQueryOptions('timeseries', period, getDashboardTimeseries);

export const useDashboardTimeseries = (period: Period) => useQuery(dashboardTimeseriesQuery(period));
