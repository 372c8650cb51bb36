import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { webhookDeliveryListResponse } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';
import { useRefetchingMutation } from '@/lib/api/mutations';
import type { EndpointBase } from './endpoints';

/** GET …/{id}/deliveries: the delivery log, newest first, a page at a time. */
export const deliveriesQueryOptions = (base: EndpointBase, endpointId: number) =>
  infiniteQueryOptions({
    queryKey: ['integrations', base, endpointId, 'deliveries'],
    queryFn: ({ pageParam }) =>
      getData<typeof webhookDeliveryListResponse>(
        api.get(apiPaths.integrations.endpointDeliveries(base, endpointId), {
          params: { limit: 20, ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const useDeliveries = (base: EndpointBase, endpointId: number) =>
  useInfiniteQuery(deliveriesQueryOptions(base, endpointId));

/** POST …/deliveries/{id}/resend: the same message again, under the same webhook-id. */
export const useResendDelivery = (base: EndpointBase, endpointId: number) =>
  useRefetchingMutation(
    (deliveryId: number) => api.post(apiPaths.integrations.deliveryResend(base, deliveryId)),
    deliveriesQueryOptions(base, endpointId).queryKey,
  );
