import type { adminTeamResponse, SetUplineRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useRefetchingMutation } from '@/lib/api/mutations';

/** PUT /admin/users/{id}/upline: the upline (or none), what becomes of the partner's team, may recruit. */
export const setUpline = (partnerId: number, body: SetUplineRequest) =>
  getData<typeof adminTeamResponse>(api.put(apiPaths.admin.userUpline(partnerId), body));

// Teams above and below change too: every cached team is refetched.
export const useSetUpline = (partnerId: number) =>
  useRefetchingMutation((body: SetUplineRequest) => setUpline(partnerId, body), ['admin', 'team']);
