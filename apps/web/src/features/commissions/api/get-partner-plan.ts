import { queryOptions, useQuery } from '@tanstack/react-query';
import type { partnerPlanResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/users/{id}/commission-plan: the program plan, the partner's override and the one that applies. */
export const getPartnerPlan = (partnerId: number) =>
  getData<typeof partnerPlanResponse>(api.get(apiPaths.admin.userCommissionPlan(partnerId)));

export const partnerPlanQueryOptions = (partnerId: number) =>
  queryOptions({ queryKey: ['admin', 'commission-plan', 'partner', partnerId], queryFn: () => getPartnerPlan(partnerId) });

export const usePartnerPlan = (partnerId: number) => useQuery(partnerPlanQueryOptions(partnerId));
