import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { retryOutboxResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { adminLeadQueryOptions } from './get-admin-lead';

/** POST /admin/leads/outbox/retry for one lead: its failed CRM push is tried again now. */
export const retryLeadSync = (id: string) =>
  getData<typeof retryOutboxResponse>(api.post(apiPaths.admin.outboxRetry, { leadIds: [id] }));

export function useRetryLeadSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryLeadSync,
    onSettled: (_result, _error, id) => queryClient.invalidateQueries({ queryKey: adminLeadQueryOptions(id).queryKey }),
  });
}
