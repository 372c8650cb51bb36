import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommissionPlan, partnerPlanResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { partnerPlanQueryOptions } from './get-partner-plan';

/** PUT /admin/users/{id}/commission-plan: an override, or null to use the program plan again. */
export const savePartnerPlan = (partnerId: number, override: CommissionPlan | null) =>
  getData<typeof partnerPlanResponse>(api.put(apiPaths.admin.userCommissionPlan(partnerId), { override }));

export function useSavePartnerPlan(partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (override: CommissionPlan | null) => savePartnerPlan(partnerId, override),
    onSuccess: (saved) => queryClient.setQueryData(partnerPlanQueryOptions(partnerId).queryKey, saved),
  });
}
