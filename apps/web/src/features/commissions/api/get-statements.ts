import { useQuery } from '@tanstack/react-query';
import type { partnerStatementsResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /commissions/statements: the partner's published and paid statements, newest month first. */
export const useMyStatements = () =>
  useQuery({
    queryKey: ['commissions', 'statements'],
    queryFn: async () => (await getData<typeof partnerStatementsResponse>(api.get(apiPaths.commissions.statements))).items,
  });
