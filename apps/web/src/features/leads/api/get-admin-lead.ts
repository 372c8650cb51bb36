import { queryOptions, useQuery } from '@tanstack/react-query';
import type { adminLeadDetailResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/leads/{id}: every submitted field, consent proof, CRM state, allowed moves, timeline. */
export const getAdminLead = (id: string) => getData<typeof adminLeadDetailResponse>(api.get(apiPaths.admin.lead(id)));

export const adminLeadQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['admin', 'leads', 'detail', id], queryFn: () => getAdminLead(id), staleTime: 0 });

export const useAdminLead = (id: string | null) => useQuery({ ...adminLeadQueryOptions(id ?? ''), enabled: Boolean(id) });
