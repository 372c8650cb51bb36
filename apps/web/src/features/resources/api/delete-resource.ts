import { api } from '@/lib/api/client';
import { getMessage } from '@/lib/api/envelope';
import { resourcesApi } from '@/lib/api/resources';

/** DELETE /admin/resources/{id} */
export const deleteResource = (id: number) => getMessage(api.delete(resourcesApi.adminOne(id)));
