import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CommissionPlan, ProgramPlan, programPlanResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { programPlanQueryOptions } from './get-program-plan';

/** PUT /admin/commission-plan */
export const saveProgramPlan = (plan: CommissionPlan) =>
  getData<typeof programPlanResponse>(api.put(apiPaths.admin.commissionPlan, plan));

/** The answer is the program plan now; every partner's applied plan may follow it, so those are fetched again. */
function showSavedProgramPlan(queryClient: QueryClient, saved: ProgramPlan) {
  queryClient.setQueryData(programPlanQueryOptions().queryKey, saved);
  return queryClient.invalidateQueries({ queryKey: ['admin', 'commission-plan', 'partner'] });
}

export function useSaveProgramPlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveProgramPlan, onSuccess: (saved) => showSavedProgramPlan(queryClient, saved) });
}
