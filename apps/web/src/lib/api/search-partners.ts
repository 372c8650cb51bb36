import type { partnerLookupResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/leads/partners?q=: up to 20 partners whose name or email matches, for the partner pickers of every feature. */
export async function searchPartners(q: string) {
  return (await getData<typeof partnerLookupResponse>(api.get(apiPaths.admin.leadPartners, { params: q ? { q } : {} }))).items;
}
