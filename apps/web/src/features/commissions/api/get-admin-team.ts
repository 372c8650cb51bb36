import { queryOptions, useQuery } from '@tanstack/react-query';
import type { adminTeamResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/users/{id}/team: the partner's upline chain and the team below them. */
export const getAdminTeam = (partnerId: number) => getData<typeof adminTeamResponse>(api.get(apiPaths.admin.userTeam(partnerId)));

export const adminTeamQueryOptions = (partnerId: number) =>
  queryOptions({ queryKey: ['admin', 'team', partnerId], queryFn: () => getAdminTeam(partnerId) });

export const useAdminTeam = (partnerId: number) => useQuery(adminTeamQueryOptions(partnerId));
