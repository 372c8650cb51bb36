import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { adminLeadDetailResponse, leadOwnersResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshLeadCaches } from './lead-cache';

/** POST /admin/leads/{id}/owner: give the lead to an admin, or to nobody (null). */
export const setLeadOwner = ({ id, owner_id }: { id: string; owner_id: number | null }) =>
  getData<typeof adminLeadDetailResponse>(api.post(apiPaths.admin.leadOwner(id), { owner_id }));

export function useSetLeadOwner() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setLeadOwner, onSuccess: (lead) => refreshLeadCaches(queryClient, lead) });
}

/** GET /admin/leads/owners: the active admins, for the owner picker. */
export const getLeadOwners = () => getData<typeof leadOwnersResponse>(api.get(apiPaths.admin.leadOwners));
export const leadOwnersQueryOptions = () => queryOptions({ queryKey: ['admin', 'leads', 'owners'], queryFn: getLeadOwners });
export const useLeadOwners = () => useQuery(leadOwnersQueryOptions());
