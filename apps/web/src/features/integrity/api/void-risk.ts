import type { riskItemResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useRefetchingMutation } from '@/lib/api/mutations';

/** POST /admin/risk/{id}/void: irreversible. */
export const voidRisk = ({ id, ...body }: { id: string; note: string; confirm: string }) =>
  getData<typeof riskItemResponse>(api.post(apiPaths.admin.riskVoid(id), body));

export const useVoidRisk = () => useRefetchingMutation(voidRisk, ['admin', 'risk']);
