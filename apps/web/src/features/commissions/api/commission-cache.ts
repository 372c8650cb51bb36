import type { QueryClient } from '@tanstack/react-query';

/** After an admin write: every admin commissions query (lines, statements, totals, unmatched) is fetched again. */
export const refreshCommissionCaches = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['admin', 'commissions'] });
