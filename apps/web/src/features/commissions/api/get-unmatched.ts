import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignMidRequest, IgnoreMidRequest, unmatchedListResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData, getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/commissions/unmatched?month=: report rows whose MID matches no merchant account. */
export const useUnmatched = (month: string) =>
  useQuery({
    queryKey: ['admin', 'commissions', 'unmatched', month],
    queryFn: async () =>
      (await getData<typeof unmatchedListResponse>(api.get(apiPaths.admin.commissionUnmatched, { params: { month } }))).items,
  });

/** POST /admin/commissions/unmatched/assign: the MID becomes a merchant account of the partner. */
export function useAssignMid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignMidRequest) => getMessage(api.post(apiPaths.admin.commissionUnmatchedAssign, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'commissions'] }),
  });
}

/** POST /admin/commissions/unmatched/ignore: the MID stays out of unmatched lists from now on. */
export function useIgnoreMid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IgnoreMidRequest) => getMessage(api.post(apiPaths.admin.commissionUnmatchedIgnore, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'commissions'] }),
  });
}
