import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation after which the queries under `queryKey` load again (a list and what counts it). The
 * mutation settles once they are refetched, so a screen that waits for it shows the new rows.
 */
export function useRefetchingMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  queryKey: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey }) });
}

/** A mutation that answers the saved state of one query: the answer goes into its cache, without a refetch. */
export function useCachingMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (saved) => queryClient.setQueryData(queryKey, saved) });
}
