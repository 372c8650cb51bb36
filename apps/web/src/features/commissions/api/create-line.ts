import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateLineRequest, lineResponse, partnerLookupResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** POST /admin/commissions/lines: a manual adjustment with its required description. */
export function useCreateLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLineRequest) => getData<typeof lineResponse>(api.post(apiPaths.admin.commissionLines, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'commissions'] }),
  });
}

/** GET /admin/leads/partners?q=: partners by name or email, for the partner pickers. */
export async function searchPartners(q: string) {
  return (await getData<typeof partnerLookupResponse>(api.get(apiPaths.admin.leadPartners, { params: q ? { q } : {} }))).items;
}
