import type { riskItemResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useRefetchingMutation } from '@/lib/api/mutations';

/** POST /admin/risk/{id}/resolve */
export const resolveRisk = ({ id, ...body }: { id: string; note: string; dont_flag_again: boolean }) =>
  getData<typeof riskItemResponse>(api.post(apiPaths.admin.riskResolve(id), body));

export const useResolveRisk = () => useRefetchingMutation(resolveRisk, ['admin', 'risk']);
