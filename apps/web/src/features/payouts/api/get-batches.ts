import { queryOptions, useQuery } from '@tanstack/react-query';
import type { batchListResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { payoutsKey } from './payouts-cache';

/** GET /admin/payouts/batches: newest first. */
export const getBatches = () => getData<typeof batchListResponse>(api.get(apiPaths.payouts.batches));

export const batchesQueryOptions = () => queryOptions({ queryKey: [...payoutsKey, 'batches'], queryFn: getBatches });

export const useBatches = () => useQuery(batchesQueryOptions());
