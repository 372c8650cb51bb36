import type { QueryClient } from '@tanstack/react-query';
import type { AdminLeadDetail } from '@portal/contract';
import { adminLeadQueryOptions } from './get-admin-lead';

/** After a write: the answer is the fresh lead; the lists (rows, counts) are fetched again. */
export function refreshLeadCaches(queryClient: QueryClient, lead?: AdminLeadDetail) {
  if (lead) queryClient.setQueryData(adminLeadQueryOptions(lead.id).queryKey, lead);
  return queryClient.invalidateQueries({ queryKey: ['admin', 'leads', 'list'] });
}
