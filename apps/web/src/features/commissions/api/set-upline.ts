import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { adminTeamResponse, SetUplineRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** PUT /admin/users/{id}/upline: the upline (or none), what becomes of the partner's team, may recruit. */
export const setUpline = (partnerId: number, body: SetUplineRequest) =>
  getData<typeof adminTeamResponse>(api.put(apiPaths.admin.userUpline(partnerId), body));

export function useSetUpline(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetUplineRequest) => setUpline(partnerId, body),
    // Teams above and below change too: every cached team is refetched.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'team'] }),
  });
}
