import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversionsApiStatus, conversionsApiResponse, UpdateConversionsTokenRequest } from '@portal/contract';
import { api } from '@/lib/api/client';
import { getData } from '@/lib/api/envelope';
import { apiPaths } from '@/lib/api/paths';

/** GET /users/conversions-api: whether a token is set and how the last server-side Lead event went. */
export function getConversionsStatus(): Promise<ConversionsApiStatus> {
  return getData<typeof conversionsApiResponse>(api.get(apiPaths.users.conversionsApi));
}

export const conversionsStatusQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'me', 'conversions-api'], queryFn: getConversionsStatus });

export const useConversionsStatus = () => useQuery(conversionsStatusQueryOptions());

/** PUT /users/conversions-api (set or replace) and DELETE (remove); both answer the new status. */
export function useConversionsTokenMutations() {
  const queryClient = useQueryClient();
  const onSuccess = (status: ConversionsApiStatus) => queryClient.setQueryData(conversionsStatusQueryOptions().queryKey, status);
  const save = useMutation({
    mutationFn: (body: UpdateConversionsTokenRequest) =>
      getData<typeof conversionsApiResponse>(api.put(apiPaths.users.conversionsApi, body)),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: () => getData<typeof conversionsApiResponse>(api.delete(apiPaths.users.conversionsApi)),
    onSuccess,
  });
  return { save, remove };
}
