import type { savedMappingResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/commissions/mapping?processor=: the column mapping saved with the processor's last upload. */
export const getSavedMapping = async (processor: string) =>
  (await getData<typeof savedMappingResponse>(api.get(apiPaths.admin.commissionMapping, { params: { processor } }))).mapping;
