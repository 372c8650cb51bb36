import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStatementsQuery, adminStatementsResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/statements?month=&partner_id=: the statements with their totals. */
export const getAdminStatements = (query: AdminStatementsQuery) =>
  getData<typeof adminStatementsResponse>(api.get(apiPaths.admin.statements, { params: query }));

export const adminStatementsQueryOptions = (query: AdminStatementsQuery) =>
  queryOptions({
    queryKey: ['admin', 'commissions', 'statements', query],
    queryFn: () => getAdminStatements(query),
    placeholderData: keepPreviousData,
  });

export const useAdminStatements = (query: AdminStatementsQuery) => useQuery(adminStatementsQueryOptions(query));
