import type { ComponentProps } from 'react';
import { QueryState, type QueryLike } from './query-state';
import { Table } from './table';

type QueryTableProps<T> = Omit<ComponentProps<typeof Table<T>>, 'rows' | 'isLoading'> & {
  /** A list read in one request, as `{ items }`. */
  query: QueryLike<{ items: T[] }>;
  errorTitle: string;
};

/** A list as a table: a spinner while it loads, its error with a retry, else its items. */
export function QueryTable<T>({ query, errorTitle, ...table }: QueryTableProps<T>) {
  return (
    <QueryState query={query} errorTitle={errorTitle}>
      {(data) => <Table {...table} rows={data.items} />}
    </QueryState>
  );
}
