import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

/**
 * What every cursor-paged list's infiniteQueryOptions share: the first page has no cursor, the next
 * one is the `next_cursor` the last page named (none when it named none).
 */
export const cursorPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page: { next_cursor?: string | null }) => page.next_cursor ?? undefined,
};

/**
 * A cursor-paged list under filters the user changes: read afresh each time (no stale time), and the
 * previous filter's rows stay on screen while the new filter's first page loads.
 */
export const useFilteredCursorList = <TPage extends { next_cursor?: string | null }>(
  queryKey: readonly unknown[],
  getPage: (cursor?: string) => Promise<TPage>,
  enabled = true,
) =>
  useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => getPage(pageParam),
    ...cursorPaging,
    staleTime: 0,
    placeholderData: keepPreviousData,
    enabled,
  });
