import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConflictDecisionRequest, conflictResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** POST /admin/conflicts/{id}/decision */
export const decideConflict = ({ id, ...body }: ConflictDecisionRequest & { id: string }) =>
  getData<typeof conflictResponse>(api.post(apiPaths.admin.conflictDecision(id), body));

export function useDecideConflict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideConflict,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'conflicts'] }),
  });
}
