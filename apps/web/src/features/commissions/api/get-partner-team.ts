import { queryOptions, useQuery } from '@tanstack/react-query';
import type { partnerTeamResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /partner/team: the partner's downline and their overrides per month. */
export const getPartnerTeam = () => getData<typeof partnerTeamResponse>(api.get(apiPaths.partner.team));

export const partnerTeamQueryOptions = () => queryOptions({ queryKey: ['partner', 'team'], queryFn: getPartnerTeam });

export const usePartnerTeam = () => useQuery(partnerTeamQueryOptions());
