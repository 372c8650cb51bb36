import type { CommissionPlan, partnerPlanResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useCachingMutation } from '@/lib/api/mutations';
import { partnerPlanQueryOptions } from './get-partner-plan';

/** PUT /admin/users/{id}/commission-plan: an override, or null to use the program plan again. */
export const savePartnerPlan = (partnerId: number, override: CommissionPlan | null) =>
  getData<typeof partnerPlanResponse>(api.put(apiPaths.admin.userCommissionPlan(partnerId), { override }));

export const useSavePartnerPlan = (partnerId: number) =>
  useCachingMutation(
    (override: CommissionPlan | null) => savePartnerPlan(partnerId, override),
    partnerPlanQueryOptions(partnerId).queryKey,
  );
