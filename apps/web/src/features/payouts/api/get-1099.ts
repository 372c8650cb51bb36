import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { form1099Response } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { payoutsKey } from './payouts-cache';

/** GET /admin/tax/1099?year=: the year's payees at or above its threshold. */
export const get1099 = (year: number) =>
  getData<typeof form1099Response>(api.get(apiPaths.payouts.tax1099, { params: { year } }));

export const form1099QueryOptions = (year: number) =>
  queryOptions({ queryKey: [...payoutsKey, '1099', year], queryFn: () => get1099(year), placeholderData: keepPreviousData });

export const use1099 = (year: number) => useQuery(form1099QueryOptions(year));
