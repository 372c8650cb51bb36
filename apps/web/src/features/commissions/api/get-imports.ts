import { queryOptions, useQuery } from '@tanstack/react-query';
import type { importListResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/commissions/imports: earlier uploads, newest first (their processors fill the wizard's list). */
export const getImports = async () => (await getData<typeof importListResponse>(api.get(apiPaths.admin.commissionImports))).items;

export const importsQueryOptions = () => queryOptions({ queryKey: ['admin', 'commissions', 'imports'], queryFn: getImports });

export const useImports = () => useQuery(importsQueryOptions());
