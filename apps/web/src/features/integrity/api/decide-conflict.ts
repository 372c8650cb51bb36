import type { ConflictDecisionRequest, conflictResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useRefetchingMutation } from '@/lib/api/mutations';

/** POST /admin/conflicts/{id}/decision */
export const decideConflict = ({ id, ...body }: ConflictDecisionRequest & { id: string }) =>
  getData<typeof conflictResponse>(api.post(apiPaths.admin.conflictDecision(id), body));

export const useDecideConflict = () => useRefetchingMutation(decideConflict, ['admin', 'conflicts']);
