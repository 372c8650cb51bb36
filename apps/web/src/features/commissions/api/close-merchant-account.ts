import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { merchantAccountResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshCommissionCaches } from './commission-cache';

/** POST /admin/merchant-accounts/{id}/close: inside the clawback window the bonus is voided or clawed back. */
export const closeMerchantAccount = ({ id, closedOn }: { id: string; closedOn: string }) =>
  getData<typeof merchantAccountResponse>(api.post(apiPaths.admin.merchantAccountClose(id), { closed_on: closedOn }));

export function useCloseMerchantAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: closeMerchantAccount, onSuccess: () => refreshCommissionCaches(queryClient) });
}
