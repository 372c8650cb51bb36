import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { riskItemResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** POST /admin/risk/{id}/void: irreversible. */
export const voidRisk = ({ id, ...body }: { id: string; note: string; confirm: string }) =>
  getData<typeof riskItemResponse>(api.post(apiPaths.admin.riskVoid(id), body));

export function useVoidRisk() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: voidRisk, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'risk'] }) });
}
