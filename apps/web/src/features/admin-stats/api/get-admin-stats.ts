import { queryOptions, useQuery } from '@tanstack/react-query';
import type { adminStatsResponse, Period } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/stats?period=: every figure of the admin home, computed by the server. */
export const getAdminStats = (period: Period) =>
  getData<typeof adminStatsResponse>(api.get(apiPaths.admin.stats, { params: { period } }));

export const adminStatsQueryOptions = (period: Period) =>
  queryOptions({ queryKey: ['admin', 'stats', period], queryFn: () => getAdminStats(period) });

export const useAdminStats = (period: Period) => useQuery(adminStatsQueryOptions(period));
