import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Correct1099Request } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshPayouts } from './payouts-cache';

/** POST /admin/tax/1099/corrections: issue a payee's form again, marked CORRECTED. */
export const correct1099 = (body: Correct1099Request) => getMessage(api.post(apiPaths.payouts.tax1099Corrections, body));

export function useCorrect1099() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: correct1099, onSettled: () => refreshPayouts(queryClient) });
}
