import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkPaidRequest, statementBulkResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshCommissionCaches } from './commission-cache';

/** POST /admin/statements/paid: published statements and their lines become paid. */
export const markStatementsPaid = (body: MarkPaidRequest) =>
  getData<typeof statementBulkResponse>(api.post(apiPaths.admin.statementsPaid, body));

export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markStatementsPaid, onSettled: () => refreshCommissionCaches(queryClient) });
}
