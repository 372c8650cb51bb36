import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { adminLeadDetailResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshLeadCaches } from './lead-cache';

/** POST /admin/leads/{id}/partner: credit the lead to a partner, or to nobody (null). */
export const assignLeadPartner = ({ id, partner_id }: { id: string; partner_id: number | null }) =>
  getData<typeof adminLeadDetailResponse>(api.post(apiPaths.admin.leadPartner(id), { partner_id }));

export function useAssignLeadPartner() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignLeadPartner, onSuccess: (lead) => refreshLeadCaches(queryClient, lead) });
}
