import type { adminResourceResponse, CreateResourceRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { resourcesApi } from '@/lib/api/resources';

/** POST /admin/resources: the new resource (its file is uploaded after). */
export const createResource = (body: CreateResourceRequest) =>
  getData<typeof adminResourceResponse>(api.post(resourcesApi.admin, body));
