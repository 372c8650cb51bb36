import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePostbackRequest,
  CreateWebhookRequest,
  UpdateWebhookRequest,
  webhookEndpointListResponse,
  webhookEndpointResponse,
} from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** Which list: the admins' webhooks or the signed-in partner's postbacks. */
export type EndpointBase = typeof apiPaths.integrations.adminWebhooks | typeof apiPaths.integrations.partnerPostbacks;

/** GET /admin/webhooks or /users/postbacks. */
export const endpointsQueryOptions = (base: EndpointBase) =>
  queryOptions({
    queryKey: ['integrations', base],
    queryFn: () => getData<typeof webhookEndpointListResponse>(api.get(base)),
  });

export const useEndpoints = (base: EndpointBase) => useQuery(endpointsQueryOptions(base));

function useRefresh(base: EndpointBase) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: endpointsQueryOptions(base).queryKey });
}

/** POST: the answer carries the signing secret, the only time it is shown. */
export function useCreateEndpoint(base: EndpointBase) {
  const refresh = useRefresh(base);
  return useMutation({
    mutationFn: (body: CreateWebhookRequest | CreatePostbackRequest) =>
      getData<typeof webhookEndpointResponse>(api.post(base, body)),
    onSuccess: refresh,
  });
}

/** PATCH: edit, enable or disable, or rotate the secret (the answer then carries the new one). */
export function useUpdateEndpoint(base: EndpointBase) {
  const refresh = useRefresh(base);
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: UpdateWebhookRequest }) =>
      getData<typeof webhookEndpointResponse>(api.patch(apiPaths.integrations.endpoint(base, id), patch)),
    onSuccess: refresh,
  });
}

/** DELETE. */
export function useDeleteEndpoint(base: EndpointBase) {
  const refresh = useRefresh(base);
  return useMutation({
    mutationFn: (id: number) => api.delete(apiPaths.integrations.endpoint(base, id)),
    onSuccess: refresh,
  });
}

/** POST …/{id}/test: a `webhook.test` message to this endpoint. */
export function useSendTestEvent(base: EndpointBase) {
  return useMutation({ mutationFn: (id: number) => api.post(apiPaths.integrations.endpointTest(base, id)) });
}
