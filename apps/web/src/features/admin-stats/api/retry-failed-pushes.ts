import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { apiPaths } from '@/lib/api/paths';

/** POST /admin/leads/outbox/retry: every failed CRM push goes back to the queue; answers how many. */
export const retryFailedPushes = async () => {
  const { data } = await api.post<{ data?: { retried?: number } }>(apiPaths.admin.outboxRetry, {});
  return data.data?.retried ?? 0;
};

export function useRetryFailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailedPushes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
