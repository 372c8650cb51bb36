import { queryOptions, useQuery } from '@tanstack/react-query';
import type { adminResourcesResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { resourcesApi } from '@/lib/api/resources';

/** GET /admin/resources: every resource, in the partners' order. */
export const getAdminResources = () => getData<typeof adminResourcesResponse>(api.get(resourcesApi.admin));

export const adminResourcesQuery = () => queryOptions({ queryKey: ['admin', 'resources'], queryFn: getAdminResources });

export const useAdminResources = () => useQuery(adminResourcesQuery());
