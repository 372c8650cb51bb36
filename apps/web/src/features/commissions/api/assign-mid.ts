import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignMidRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshCommissionCaches } from './commission-cache';

/** POST /admin/commissions/unmatched/assign: the MID becomes a merchant account of the partner. */
export const assignMid = (body: AssignMidRequest) => getMessage(api.post(apiPaths.admin.commissionUnmatchedAssign, body));

export function useAssignMid() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignMid, onSuccess: () => refreshCommissionCaches(queryClient) });
}
