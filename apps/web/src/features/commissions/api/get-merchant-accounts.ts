import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LineStatusRequest,
  lineListResponse,
  lineResponse,
  merchantAccountListResponse,
  merchantAccountResponse,
} from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

const merchantsKey = (partnerId: number) => ['admin', 'commissions', 'merchants', partnerId] as const;
const linesKey = (partnerId: number, month: string) => ['admin', 'commissions', 'lines', partnerId, month] as const;

/** GET /admin/merchant-accounts?partner_id=: the partner's merchant accounts with their imported volume. */
export const useMerchantAccounts = (partnerId: number) =>
  useQuery({
    queryKey: merchantsKey(partnerId),
    queryFn: async () =>
      (
        await getData<typeof merchantAccountListResponse>(
          api.get(apiPaths.admin.merchantAccounts, { params: { partner_id: partnerId } }),
        )
      ).items,
  });

/** GET /admin/commissions/lines?partner_id=&month=: the partner's lines of one month. */
export const usePartnerLines = (partnerId: number, month: string) =>
  useQuery({
    queryKey: linesKey(partnerId, month),
    queryFn: async () =>
      (
        await getData<typeof lineListResponse>(
          api.get(apiPaths.admin.commissionLines, { params: { partner_id: partnerId, month } }),
        )
      ).items,
  });

/** Every line of the partner (any month): what closing an account did to its bonus. */
export const fetchPartnerLines = async (partnerId: number) =>
  (await getData<typeof lineListResponse>(api.get(apiPaths.admin.commissionLines, { params: { partner_id: partnerId } }))).items;

/** POST /admin/merchant-accounts/{id}/close: inside the clawback window the bonus is voided or clawed back. */
export function useCloseMerchantAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, closedOn }: { id: string; closedOn: string }) =>
      getData<typeof merchantAccountResponse>(api.post(apiPaths.admin.merchantAccountClose(id), { closed_on: closedOn })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'commissions'] }),
  });
}

/** POST /admin/commissions/lines/{id}/status: hold, void or release an unpaid line. */
export function useChangeLineStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LineStatusRequest }) =>
      getData<typeof lineResponse>(api.post(apiPaths.admin.commissionLineStatus(id), body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'commissions'] }),
  });
}
