import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IgnoreMidRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshCommissionCaches } from './commission-cache';

/** POST /admin/commissions/unmatched/ignore: the MID stays out of unmatched lists from now on. */
export const ignoreMid = (body: IgnoreMidRequest) => getMessage(api.post(apiPaths.admin.commissionUnmatchedIgnore, body));

export function useIgnoreMid() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: ignoreMid, onSuccess: () => refreshCommissionCaches(queryClient) });
}
