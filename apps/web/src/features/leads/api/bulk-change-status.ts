import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { bulkLeadStatusResponse, LeadStatus } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

export interface BulkStatusInput {
  lead_ids: string[];
  status: LeadStatus;
  reason?: string;
  note?: string;
  note_visible_to_partner?: boolean;
}

/** POST /admin/leads/status: the same move for up to 100 leads, each checked on its own. */
export const bulkChangeStatus = (body: BulkStatusInput) =>
  getData<typeof bulkLeadStatusResponse>(api.post(apiPaths.admin.leadsBulkStatus, body));

export function useBulkChangeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkChangeStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'leads'] }),
  });
}
