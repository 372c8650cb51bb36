import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Period } from '@portal/contract';

/** A dashboard query of one period; the previous period's figures stay on screen while the new one loads. */
export const dashboardQueryOptions = <T>(name: 'summary' | 'timeseries', period: Period, fetch: (period: Period) => Promise<T>) =>
  queryOptions({ queryKey: ['dashboard', name, period], queryFn: () => fetch(period), placeholderData: keepPreviousData });
