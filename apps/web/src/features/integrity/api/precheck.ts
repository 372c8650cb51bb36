import { useMutation } from '@tanstack/react-query';
import type { PrecheckRequest, precheckResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** POST /leads/mine/precheck: available or taken, never who. */
export const precheck = (body: PrecheckRequest) => getData<typeof precheckResponse>(api.post(apiPaths.leads.minePrecheck, body));

export const usePrecheck = () => useMutation({ mutationFn: precheck });
