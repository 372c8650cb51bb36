import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { adminLeadDetailResponse, LeadStatusChangeRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { adminLeadQueryOptions } from './get-admin-lead';
import { refreshLeadCaches } from './lead-cache';

/**
 * POST /admin/leads/{id}/status. 422: the move is not allowed; 409: someone changed the lead since
 * it was loaded (the caller reloads it); 400: field messages for mid, reason or note.
 */
export const changeLeadStatus = ({ id, ...body }: LeadStatusChangeRequest & { id: string }) =>
  getData<typeof adminLeadDetailResponse>(api.post(apiPaths.admin.leadStatus(id), body));

export function useChangeLeadStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeLeadStatus,
    onSuccess: (lead) => refreshLeadCaches(queryClient, lead),
    onError: (_error, { id }) => {
      // A stale or refused move: show the lead as it is now.
      void queryClient.invalidateQueries({ queryKey: adminLeadQueryOptions(id).queryKey });
      void refreshLeadCaches(queryClient);
    },
  });
}
