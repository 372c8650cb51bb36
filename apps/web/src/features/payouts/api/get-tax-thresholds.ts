import { queryOptions, useQuery } from '@tanstack/react-query';
import type { taxThresholdsResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { payoutsKey } from './payouts-cache';

/** GET /admin/tax/thresholds: the 1099-NEC threshold of each year, the law's or the program's. */
export const getTaxThresholds = () => getData<typeof taxThresholdsResponse>(api.get(apiPaths.payouts.taxThresholds));

export const useTaxThresholds = () =>
  useQuery(queryOptions({ queryKey: [...payoutsKey, 'thresholds'], queryFn: getTaxThresholds }));
