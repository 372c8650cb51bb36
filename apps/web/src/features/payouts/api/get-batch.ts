import { queryOptions, useQuery } from '@tanstack/react-query';
import type { batchDetailResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { payoutsKey } from './payouts-cache';

/** GET /admin/payouts/batches/{id}: its payouts and the partners held back. */
export const getBatch = (id: string) => getData<typeof batchDetailResponse>(api.get(apiPaths.payouts.batch(id)));

export const batchQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...payoutsKey, 'batch', id], queryFn: () => getBatch(id) });

export const useBatch = (id: string | null) => useQuery({ ...batchQueryOptions(id ?? ''), enabled: id !== null });
