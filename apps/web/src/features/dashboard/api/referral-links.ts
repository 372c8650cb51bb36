import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCampaignRequest, ReferralLinks, referralLinksResponse, ShortNameRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { referralLinksQueryKey } from '@/lib/api/get-referral-links';

/** Each change answers with the whole set of links, which becomes the query's data at once. */
function useLinksMutation<T>(call: (body: T) => Promise<ReferralLinks>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (links) => queryClient.setQueryData(referralLinksQueryKey, links),
  });
}

/** PUT /referral-links/short-name: choose the short link name, or remove it with null. */
export const useSetShortName = () =>
  useLinksMutation((body: ShortNameRequest) =>
    getData<typeof referralLinksResponse>(api.put(apiPaths.referralLinks.shortName, body)),
  );

/** POST /referral-links/campaigns: a new campaign link. */
export const useCreateCampaign = () =>
  useLinksMutation((body: CreateCampaignRequest) =>
    getData<typeof referralLinksResponse>(api.post(apiPaths.referralLinks.campaigns, body)),
  );

/** DELETE /referral-links/campaigns/{id}. */
export const useDeleteCampaign = () =>
  useLinksMutation((campaignId: number) =>
    getData<typeof referralLinksResponse>(api.delete(apiPaths.referralLinks.campaign(campaignId))),
  );
