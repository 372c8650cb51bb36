import { queryOptions, useQuery } from '@tanstack/react-query';
import type { resourcesResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';

const id = (value: number) => encodeURIComponent(String(value));
export const resourcesApi = {
  list: '/resources',
  file: (resourceId: number) => `/resources/${id(resourceId)}/file`,
  view: (resourceId: number) => `/resources/${id(resourceId)}/view`,
  admin: '/admin/resources',
  adminOne: (resourceId: number) => `/admin/resources/${id(resourceId)}`,
  adminFile: (resourceId: number) => `/admin/resources/${id(resourceId)}/file`,
  adminOrder: '/admin/resources/order',
} as const;

export const resourcesQuery = () =>
  queryOptions({ queryKey: ['resources'], queryFn: () => getData<typeof resourcesResponse>(api.get(resourcesApi.list)) });
export const useResources = () => useQuery(resourcesQuery());

/** Counts an open for the admin's view figures; a failure is only logged. */
export function countResourceView(resourceId: number): void {
  api.post(resourcesApi.view(resourceId)).catch((error: unknown) => console.warn('Could not count the resource view', error));
}

/** Files need the bearer token, so they are fetched and handed to the browser as a blob URL. */
export async function fetchResourceBlob(resourceId: number): Promise<Blob> {
  const response = await api.get<Blob>(resourcesApi.file(resourceId), { responseType: 'blob', timeout: 60_000 });
  return response.data;
}
