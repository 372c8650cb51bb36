import { queryOptions, useQuery } from '@tanstack/react-query';
import type { programTermsResponse } from '@portal/contract';
import { api } from './client';
import { getData } from './envelope';
import { apiPaths } from './paths';

/**
 * GET /commissions/terms: the signed-in partner's terms, written by the server from their plan, and
 * the admin's optional addition. Shared by the share kit (dashboard, nav menu) and My Commissions.
 * Always refetched when a screen showing them opens, so a plan change shows at once.
 */
export const getProgramTerms = () => getData<typeof programTermsResponse>(api.get(apiPaths.commissions.terms));

export const programTermsQueryOptions = () =>
  queryOptions({ queryKey: ['commissions', 'terms'], queryFn: getProgramTerms, staleTime: 0 });

export const useProgramTerms = () => useQuery(programTermsQueryOptions());
