import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminStatementsQuery,
  adminStatementsResponse,
  MarkPaidRequest,
  PublishStatementsRequest,
  statementBulkResponse,
  statementDetailResponse,
} from '@portal/contract';
import { api } from '@/lib/api/client';
import { downloadFile } from '@/lib/api/download';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

const statementsKey = ['admin', 'commissions', 'statements'] as const;

/** GET /admin/statements?month=&partner_id=: the statements with their totals. */
export const useAdminStatements = (query: AdminStatementsQuery) =>
  useQuery({
    queryKey: [...statementsKey, query],
    queryFn: () => getData<typeof adminStatementsResponse>(api.get(apiPaths.admin.statements, { params: query })),
    placeholderData: keepPreviousData,
  });

/** GET /admin/statements/{id}: one statement with its lines, as the partner sees it. */
export const useAdminStatement = (id: string) =>
  useQuery({
    queryKey: [...statementsKey, 'one', id],
    queryFn: () => getData<typeof statementDetailResponse>(api.get(apiPaths.admin.statement(id))),
  });

/** POST /admin/statements/publish: drafts become visible to their partners, who are mailed once. */
export function usePublishStatements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishStatementsRequest) =>
      getData<typeof statementBulkResponse>(api.post(apiPaths.admin.statementsPublish, body)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'commissions'] }),
  });
}

/** POST /admin/statements/paid: published statements and their lines become paid. */
export function useMarkPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkPaidRequest) => getData<typeof statementBulkResponse>(api.post(apiPaths.admin.statementsPaid, body)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'commissions'] }),
  });
}

export const useDownloadAdminStatement = () =>
  useMutation({
    mutationFn: ({ id, format, name }: { id: string; format: 'csv' | 'pdf'; name: string }) =>
      downloadFile(apiPaths.admin.statementFile(id, format), {}, `${name}.${format}`),
  });
