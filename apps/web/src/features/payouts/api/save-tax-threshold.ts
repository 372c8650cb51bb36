import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PutTaxThresholdRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshPayouts } from './payouts-cache';

/** PUT /admin/tax/thresholds: the program's threshold for a year (the year's 1099 list follows it). */
export const saveTaxThreshold = (body: PutTaxThresholdRequest) => getMessage(api.put(apiPaths.payouts.taxThresholds, body));

export function useSaveTaxThreshold() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTaxThreshold, onSettled: () => refreshPayouts(queryClient) });
}
