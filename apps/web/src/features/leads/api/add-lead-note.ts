import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { adminLeadDetailResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshLeadCaches } from './lead-cache';

/** POST /admin/leads/{id}/notes: an internal note, or one the partner sees on their referral. */
export const addLeadNote = ({ id, ...body }: { id: string; note: string; visible_to_partner: boolean }) =>
  getData<typeof adminLeadDetailResponse>(api.post(apiPaths.admin.leadNotes(id), body));

export function useAddLeadNote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addLeadNote, onSuccess: (lead) => refreshLeadCaches(queryClient, lead) });
}
