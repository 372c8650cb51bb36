import type { adminResourceResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { resourcesApi } from '@/lib/api/resources';

/** PUT /admin/resources/{id}/file: multipart upload with progress (0–1); the server decides the type from the bytes. */
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
