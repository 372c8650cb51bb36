import { queryOptions, useQuery } from '@tanstack/react-query';
import type { partnerLeadDetailResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /leads/mine/{id}: what was submitted and the partner-visible timeline (404 for another's). */
export const getMyLead = (id: string) => getData<typeof partnerLeadDetailResponse>(api.get(apiPaths.leads.mineOne(id)));

export const myLeadQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['leads', 'mine', 'detail', id], queryFn: () => getMyLead(id), staleTime: 0 });

export const useMyLead = (id: string) => useQuery(myLeadQueryOptions(id));
