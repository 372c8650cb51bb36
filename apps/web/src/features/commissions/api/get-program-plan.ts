import { queryOptions, useQuery } from '@tanstack/react-query';
import type { programPlanResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/commission-plan: the program-wide plan. */
export const getProgramPlan = () => getData<typeof programPlanResponse>(api.get(apiPaths.admin.commissionPlan));

export const programPlanQueryOptions = () => queryOptions({ queryKey: ['admin', 'commission-plan'], queryFn: getProgramPlan });

export const useProgramPlan = () => useQuery(programPlanQueryOptions());
