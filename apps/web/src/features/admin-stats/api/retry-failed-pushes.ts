import { api } from '@/lib/api/client';
import { apiPaths } from '@/lib/api/paths';
import { useRefetchingMutation } from '@/lib/api/mutations';

/** POST /admin/leads/outbox/retry: every failed CRM push goes back to the queue; answers how many. */
export const retryFailedPushes = async () => {
  const { data } = await api.post<{ data?: { retried?: number } }>(apiPaths.admin.outboxRetry, {});
  return data.data?.retried ?? 0;
};

export const useRetryFailed = () => useRefetchingMutation(retryFailedPushes, ['admin']);
