/**
 * What every cursor-paged list's infiniteQueryOptions share: the first page has no cursor, the next
 * one is the `next_cursor` the last page named (none when it named none).
 */
export const cursorPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page: { next_cursor?: string | null }) => page.next_cursor ?? undefined,
};
