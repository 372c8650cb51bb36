import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnMapping, importListResponse, importResultResponse, savedMappingResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

export interface ImportInput {
  file: File;
  month: string;
  processor: string;
  mapping: ColumnMapping;
  dryRun: boolean;
}

/** POST /admin/commissions/imports (multipart): a dry run stores a draft import and answers what it would do. */
export function runImport({ file, month, processor, mapping, dryRun }: ImportInput) {
  const form = new FormData();
  // Text fields first: the server reads them before it streams the file.
  form.append('month', month);
  form.append('processor', processor);
  form.append('mapping', JSON.stringify(mapping));
  form.append('dry_run', String(dryRun));
  form.append('file', file, file.name);
  // A 20,000-row file takes a few seconds: no 10 s client timeout here.
  return getData<typeof importResultResponse>(api.post(apiPaths.admin.commissionImports, form, { timeout: 0 }));
}

export const useRunImport = () => useMutation({ mutationFn: runImport });

/** POST /admin/commissions/imports/{id}/commit: writes the residual lines in one transaction. */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) =>
      getData<typeof importResultResponse>(api.post(apiPaths.admin.commissionImportCommit(importId), {}, { timeout: 0 })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'commissions'] }),
  });
}

/** GET /admin/commissions/imports: earlier uploads, newest first (their processors fill the wizard's list). */
export const useImports = () =>
  useQuery({
    queryKey: ['admin', 'commissions', 'imports'],
    queryFn: async () => (await getData<typeof importListResponse>(api.get(apiPaths.admin.commissionImports))).items,
  });

/** GET /admin/commissions/mapping?processor=: the column mapping saved with the processor's last upload. */
export const getSavedMapping = async (processor: string) =>
  (await getData<typeof savedMappingResponse>(api.get(apiPaths.admin.commissionMapping, { params: { processor } }))).mapping;
