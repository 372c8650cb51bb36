import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { adminStatsResponse, crmHealthResponse, Period } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/stats?period=: every figure of the admin home, computed by the server. */
export const useAdminStats = (period: Period) =>
  useQuery({
    queryKey: ['admin', 'stats', period],
    queryFn: () => getData<typeof adminStatsResponse>(api.get(apiPaths.admin.stats, { params: { period } })),
  });

/** GET /admin/crm-health, refreshed every 30 seconds while the page is open. */
export const useCrmHealth = () =>
  useQuery({
    queryKey: ['admin', 'crm-health'],
    queryFn: () => getData<typeof crmHealthResponse>(api.get(apiPaths.admin.crmHealth)),
    refetchInterval: 30_000,
  });

/** POST /admin/leads/outbox/retry: every failed CRM push goes back to the queue. */
export function useRetryFailed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { data } = await api.post<{ data?: { retried?: number } }>(apiPaths.admin.outboxRetry, {});
      return data.data?.retried ?? 0;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
