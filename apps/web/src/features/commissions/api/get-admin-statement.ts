import { queryOptions, useQuery } from '@tanstack/react-query';
import type { statementDetailResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/statements/{id}: one statement with its lines, as the partner sees it. */
export const getAdminStatement = (id: string) => getData<typeof statementDetailResponse>(api.get(apiPaths.admin.statement(id)));

export const adminStatementQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['admin', 'commissions', 'statements', 'one', id], queryFn: () => getAdminStatement(id) });

export const useAdminStatement = (id: string) => useQuery(adminStatementQueryOptions(id));
