import { queryOptions, useQuery } from '@tanstack/react-query';
import type { crmHealthResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/crm-health: the CRM push queue and the last errors. */
export const getCrmHealth = () => getData<typeof crmHealthResponse>(api.get(apiPaths.admin.crmHealth));

export const crmHealthQueryOptions = () => queryOptions({ queryKey: ['admin', 'crm-health'], queryFn: getCrmHealth });

/** Refreshed every 30 seconds while the page is open. */
export const useCrmHealth = () => useQuery({ ...crmHealthQueryOptions(), refetchInterval: 30_000 });
