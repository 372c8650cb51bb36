import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  adminResourceResponse,
  adminResourcesResponse,
  CreateResourceRequest,
  UpdateResourceRequest,
} from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData, getMessage } from '@/lib/api/envelope';
import { resourcesApi } from '@/lib/api/resources';

export const adminResourcesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'resources'],
    queryFn: () => getData<typeof adminResourcesResponse>(api.get(resourcesApi.admin)),
  });
export const useAdminResources = () => useQuery(adminResourcesQuery());

export const createResource = (body: CreateResourceRequest) =>
  getData<typeof adminResourceResponse>(api.post(resourcesApi.admin, body));
export const updateResource = (id: number, body: UpdateResourceRequest) =>
  getData<typeof adminResourceResponse>(api.patch(resourcesApi.adminOne(id), body));
export const deleteResource = (id: number) => getMessage(api.delete(resourcesApi.adminOne(id)));
export const reorderResources = (ids: number[]) =>
  getData<typeof adminResourcesResponse>(api.put(resourcesApi.adminOrder, { ids }));

/** Multipart upload with progress (0–1); the server decides the type from the bytes. */
export function uploadResourceFile(id: number, file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return getData<typeof adminResourceResponse>(
    api.put(resourcesApi.adminFile(id), form, {
      timeout: 120_000,
      onUploadProgress: (event) => onProgress(event.total ? event.loaded / event.total : 0),
    }),
  );
}
