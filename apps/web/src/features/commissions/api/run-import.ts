import { useMutation } from '@tanstack/react-query';
import type { ColumnMapping, importResultResponse } from '@portal/contract';
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
