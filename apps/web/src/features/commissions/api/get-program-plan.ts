import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommissionPlan, partnerPlanResponse, programPlanResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

const programKey = ['admin', 'commission-plan'] as const;
const partnerKey = (partnerId: number) => ['admin', 'commission-plan', 'partner', partnerId] as const;

/** GET /admin/commission-plan: the program-wide plan. */
export const useProgramPlan = () =>
  useQuery({ queryKey: programKey, queryFn: () => getData<typeof programPlanResponse>(api.get(apiPaths.admin.commissionPlan)) });

/** PUT /admin/commission-plan */
export function useSaveProgramPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: CommissionPlan) => getData<typeof programPlanResponse>(api.put(apiPaths.admin.commissionPlan, plan)),
    onSuccess: (saved) => {
      queryClient.setQueryData(programKey, saved);
      return queryClient.invalidateQueries({ queryKey: ['admin', 'commission-plan', 'partner'] });
    },
  });
}

/** GET /admin/users/{id}/commission-plan: the program plan, the partner's override and the one that applies. */
export const usePartnerPlan = (partnerId: number) =>
  useQuery({
    queryKey: partnerKey(partnerId),
    queryFn: () => getData<typeof partnerPlanResponse>(api.get(apiPaths.admin.userCommissionPlan(partnerId))),
  });

/** PUT /admin/users/{id}/commission-plan: an override, or null to use the program plan again. */
export function useSavePartnerPlan(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (override: CommissionPlan | null) =>
      getData<typeof partnerPlanResponse>(api.put(apiPaths.admin.userCommissionPlan(partnerId), { override })),
    onSuccess: (saved) => queryClient.setQueryData(partnerKey(partnerId), saved),
  });
}
