import type { adminResourceResponse, UpdateResourceRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { resourcesApi } from '@/lib/api/resources';

/** PATCH /admin/resources/{id} */
export const updateResource = (id: number, body: UpdateResourceRequest) =>
  getData<typeof adminResourceResponse>(api.patch(resourcesApi.adminOne(id), body));
