import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { pageLimits, type RiskItemStatus, type riskListResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { cursorPaging } from '@/lib/api/cursor-paging';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/risk: one row per partner and signal, last seen first. */
export const getRisk = (status: RiskItemStatus, cursor?: string) =>
  getData<typeof riskListResponse>(api.get(apiPaths.admin.risk, { params: { status, cursor, limit: pageLimits.default } }));

export const riskQueryOptions = (status: RiskItemStatus) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'risk', 'list', status],
    queryFn: ({ pageParam }) => getRisk(status, pageParam),
    ...cursorPaging,
  });

export const useRisk = (status: RiskItemStatus) => useInfiniteQuery(riskQueryOptions(status));
