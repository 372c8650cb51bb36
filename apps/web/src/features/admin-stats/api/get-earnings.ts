import { queryOptions, useQuery } from '@tanstack/react-query';
import type { adminEarningsResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/commissions/earnings: owed to partners, pending bonuses, paid this month and year. */
export const getAdminEarnings = () => getData<typeof adminEarningsResponse>(api.get(apiPaths.admin.commissionEarnings));

export const adminEarningsQueryOptions = () => queryOptions({ queryKey: ['admin', 'earnings'], queryFn: getAdminEarnings });

export const useAdminEarnings = () => useQuery(adminEarningsQueryOptions());
