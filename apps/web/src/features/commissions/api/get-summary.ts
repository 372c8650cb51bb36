import { useQuery } from '@tanstack/react-query';
import type { commissionSummaryResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /commissions/summary: the cards and the 12-month chart of /compensation. */
export const useCommissionSummary = () =>
  useQuery({
    queryKey: ['commissions', 'summary'],
    queryFn: () => getData<typeof commissionSummaryResponse>(api.get(apiPaths.commissions.summary)),
  });
