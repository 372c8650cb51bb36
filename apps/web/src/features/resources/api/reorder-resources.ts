import type { adminResourcesResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { resourcesApi } from '@/lib/api/resources';

/** PUT /admin/resources/order: every id in the new order; answers the list as stored. */
export const reorderResources = (ids: number[]) =>
  getData<typeof adminResourcesResponse>(api.put(resourcesApi.adminOrder, { ids }));
