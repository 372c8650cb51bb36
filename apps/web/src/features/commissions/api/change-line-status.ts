import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LineStatusRequest, lineResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshCommissionCaches } from './commission-cache';

/** POST /admin/commissions/lines/{id}/status: hold, void or release an unpaid line. */
export const changeLineStatus = ({ id, body }: { id: string; body: LineStatusRequest }) =>
  getData<typeof lineResponse>(api.post(apiPaths.admin.commissionLineStatus(id), body));

export function useChangeLineStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeLineStatus, onSuccess: () => refreshCommissionCaches(queryClient) });
}
