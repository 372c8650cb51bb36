import { queryOptions, useQuery } from '@tanstack/react-query';
import type { commissionSummaryResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/**
 * GET /commissions/summary: the dashboard's earnings card reads the same answer as My Commissions
 * (and shares its cache entry), so the two screens cannot show different figures.
 */
export const getEarnings = () => getData<typeof commissionSummaryResponse>(api.get(apiPaths.commissions.summary));

export const earningsQueryOptions = () => queryOptions({ queryKey: ['commissions', 'summary'], queryFn: getEarnings });

export const useEarnings = () => useQuery(earningsQueryOptions());
