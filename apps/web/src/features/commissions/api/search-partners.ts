import type { partnerLookupResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /admin/leads/partners?q=: partners by name or email, for the partner pickers. */
export async function searchPartners(q: string) {
  return (await getData<typeof partnerLookupResponse>(api.get(apiPaths.admin.leadPartners, { params: q ? { q } : {} }))).items;
}
