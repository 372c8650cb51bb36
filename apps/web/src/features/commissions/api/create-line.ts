import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLineRequest, lineResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshCommissionCaches } from './commission-cache';

/** POST /admin/commissions/lines: a manual adjustment with its required description. */
export const createLine = (body: CreateLineRequest) =>
  getData<typeof lineResponse>(api.post(apiPaths.admin.commissionLines, body));

export function useCreateLine() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createLine, onSuccess: () => refreshCommissionCaches(queryClient) });
}
