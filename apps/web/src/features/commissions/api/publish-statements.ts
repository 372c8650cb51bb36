import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublishStatementsRequest, statementBulkResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshCommissionCaches } from './commission-cache';

/** POST /admin/statements/publish: drafts become visible to their partners, who are mailed once. */
export const publishStatements = (body: PublishStatementsRequest) =>
  getData<typeof statementBulkResponse>(api.post(apiPaths.admin.statementsPublish, body));

export function usePublishStatements() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishStatements, onSettled: () => refreshCommissionCaches(queryClient) });
}
