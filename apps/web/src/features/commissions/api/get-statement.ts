import { useQuery } from '@tanstack/react-query';
import type { statementDetailResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /commissions/statements/{id}: one of the partner's statements with every line. */
export const useMyStatement = (id: string) =>
  useQuery({
    queryKey: ['commissions', 'statement', id],
    queryFn: () => getData<typeof statementDetailResponse>(api.get(apiPaths.commissions.statement(id))),
  });
