import { useMemo, type ComponentProps } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { QueryError } from './query-state';
import { CursorPager, Table } from './table';

type PagedQuery<T> = UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>;

/** The rows of every page a cursor-paged list has loaded so far. */
export function usePagedRows<T>(query: PagedQuery<T>): T[] {
  return useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
}

type CursorTableProps<T> = Omit<ComponentProps<typeof Table<T>>, 'isLoading' | 'footer'> & {
  query: PagedQuery<T>;
  errorTitle: string;
  /** What the pager counts: "Showing 20 referrals". */
  noun: string;
};

/** A list read page by page (cursor paging): its error with a retry, else the table with "Load more" under it. */
export function CursorTable<T>({ query, errorTitle, noun, ...table }: CursorTableProps<T>) {
  if (query.isError) return <QueryError query={query} title={errorTitle} />;
  return (
    <Table
      {...table}
      isLoading={query.isPending}
      footer={
        <CursorPager
          shown={table.rows.length}
          hasMore={query.hasNextPage}
          isFetchingMore={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
          noun={noun}
        />
      }
    />
  );
}
