import { queryOptions, useQuery } from '@tanstack/react-query';
import type { riskItemResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/risk/{id}: the row with its masked evidence and held lines. */
export const getRiskItem = (id: string) => getData<typeof riskItemResponse>(api.get(apiPaths.admin.riskItem(id)));

export const riskItemQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['admin', 'risk', 'item', id], queryFn: () => getRiskItem(id) });

export const useRiskItem = (id: string | null) => useQuery({ ...riskItemQueryOptions(id ?? ''), enabled: id !== null });
