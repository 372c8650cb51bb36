import { useMutation } from '@tanstack/react-query';
import type { revealResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** POST /admin/payouts/review/{id}/reveal: the full numbers, with the admin's two-factor code (never cached). */
export const revealReview = ({ id, code }: { id: string; code: string }) =>
  getData<typeof revealResponse>(api.post(apiPaths.payouts.reviewReveal(id), { code }));

export const useRevealReview = () => useMutation({ mutationFn: revealReview });
