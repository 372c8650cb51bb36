import { queryOptions, useQuery } from '@tanstack/react-query';
import type { lineListResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/**
 * GET /admin/commissions/lines?partner_id=&month=: the partner's lines of one month, or every line of
 * the partner without a month (what closing an account did to its bonus).
 */
export const fetchPartnerLines = async (partnerId: number, month?: string) =>
  (
    await getData<typeof lineListResponse>(
      api.get(apiPaths.admin.commissionLines, { params: { partner_id: partnerId, ...(month === undefined ? {} : { month }) } }),
    )
  ).items;

export const partnerLinesQueryOptions = (partnerId: number, month: string) =>
  queryOptions({
    queryKey: ['admin', 'commissions', 'lines', partnerId, month],
    queryFn: () => fetchPartnerLines(partnerId, month),
  });

export const usePartnerLines = (partnerId: number, month: string) => useQuery(partnerLinesQueryOptions(partnerId, month));
