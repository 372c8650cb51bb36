import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { leadReplyResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { myLeadQueryOptions } from './get-my-lead';

/** POST /leads/mine/{id}/replies: multipart, the message and at most one file. */
export function replyToLead({ id, message, file }: { id: string; message: string; file: File | null }) {
  const form = new FormData();
  form.append('message', message);
  if (file) form.append('file', file);
  return getData<typeof leadReplyResponse>(api.post(apiPaths.leads.mineReplies(id), form, { timeout: 120_000 }));
}

export function useReplyToLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToLead,
    onSuccess: (_reply, { id }) => queryClient.invalidateQueries({ queryKey: myLeadQueryOptions(id).queryKey }),
  });
}
