import { api } from '@/lib/api/client';
import { apiPaths } from '@/lib/api/paths';
import { userListParams, type UserFilters } from './get-users';

/** GET /admin/users/export.csv of the filter (or of chosen ids), saved as a file. */
export async function downloadUsersCsv(filters: UserFilters, ids?: number[]): Promise<void> {
  const response = await api.get<Blob>(apiPaths.admin.usersExport, {
    params: { ...userListParams(filters), ...(ids?.length ? { ids: ids.join(',') } : {}) },
    responseType: 'blob',
  });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = `users-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
