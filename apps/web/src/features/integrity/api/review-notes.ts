import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { reviewNotesResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

const reviewNotesKey = (leadId: string) => ['leads', 'mine', leadId, 'review-notes'];

/** GET /leads/mine/{id}/review-notes: the partner's own notes on a referral under review. */
const reviewNotesQueryOptions = (leadId: string) =>
  queryOptions({
    queryKey: reviewNotesKey(leadId),
    queryFn: () => getData<typeof reviewNotesResponse>(api.get(apiPaths.leads.mineReviewNotes(leadId))),
  });

export const useReviewNotes = (leadId: string) => useQuery(reviewNotesQueryOptions(leadId));

/** POST /leads/mine/{id}/review-notes */
export function useAddReviewNote(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { note: string }) =>
      getData<typeof reviewNotesResponse>(api.post(apiPaths.leads.mineReviewNotes(leadId), body)),
    onSuccess: (data) => queryClient.setQueryData(reviewNotesKey(leadId), data),
  });
}
