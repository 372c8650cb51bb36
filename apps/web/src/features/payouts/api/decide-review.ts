import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewDecisionRequest, reviewDecisionResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshPayouts } from './payouts-cache';

/** POST /admin/payouts/review/{id}: approve, or reject with a reason. */
export const decideReview = ({ id, ...body }: ReviewDecisionRequest & { id: string }) =>
  getData<typeof reviewDecisionResponse>(api.post(apiPaths.payouts.reviewDecision(id), body));

export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideReview, onSettled: () => refreshPayouts(queryClient) });
}
