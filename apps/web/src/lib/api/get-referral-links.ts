import { queryOptions, useQuery } from '@tanstack/react-query';
import type { referralLinksResponse } from '@portal/contract';
import { api } from './client';
import { getData } from './envelope';
import { apiPaths } from './paths';

/**
 * GET /referral-links: the signed-in partner's short link name and campaign links with their
 * figures. Shared by the share kit (which copies the short link when there is one) and the
 * dashboard's links card, which changes them.
 */
const getReferralLinks = () => getData<typeof referralLinksResponse>(api.get(apiPaths.referralLinks.root));

export const referralLinksQueryKey = ['referral-links'] as const;

export const referralLinksQueryOptions = () => queryOptions({ queryKey: referralLinksQueryKey, queryFn: getReferralLinks });

export const useReferralLinks = () => useQuery(referralLinksQueryOptions());
