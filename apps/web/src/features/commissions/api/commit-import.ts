import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { importResultResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { refreshCommissionCaches } from './commission-cache';

/** POST /admin/commissions/imports/{id}/commit: writes the residual lines in one transaction. */
export const commitImport = (importId: string) =>
  getData<typeof importResultResponse>(api.post(apiPaths.admin.commissionImportCommit(importId), {}, { timeout: 0 }));

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: commitImport, onSuccess: () => refreshCommissionCaches(queryClient) });
}
