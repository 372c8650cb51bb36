import type { ReactNode } from 'react';
import { RefreshIcon } from '../icons';
import { Alert } from './alert';
import { Button } from './button';
import { PageSpinner } from './spinner';

/** What these components read of a TanStack query (a useQuery or useInfiniteQuery result). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => Promise<unknown>;
}

/** The commissions screens say "Retry" beside a refresh icon, the others "Try again". */
type RetryLabel = 'Try again' | 'Retry';

/** In place of what a query failed to load: the error, and a button that loads it again. */
export function QueryError({
  query,
  title,
  retryLabel = 'Try again',
}: {
  query: Pick<QueryLike<unknown>, 'refetch'>;
  title: string;
  retryLabel?: RetryLabel;
}) {
  return (
    <Alert tone="error" title={title}>
      <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
        {retryLabel === 'Retry' && <RefreshIcon className="size-4" />} {retryLabel}
      </Button>
    </Alert>
  );
}

/**
 * The one block for a query's part of a page: a spinner while it loads, its error with a retry, an
 * empty state when there is nothing to show, else the content. With `keepData`, a failed refetch keeps
 * what is on screen instead of replacing it with the error.
 */
export function QueryState<T>({
  query,
  errorTitle,
  retryLabel,
  loading = <PageSpinner />,
  keepData = false,
  empty,
  children,
}: {
  query: QueryLike<T>;
  errorTitle: string;
  retryLabel?: RetryLabel;
  loading?: ReactNode;
  keepData?: boolean;
  empty?: { when: (data: T) => boolean; show: ReactNode };
  children: (data: T) => ReactNode;
}) {
  const { data } = query;
  if (query.isError && !(keepData && data !== undefined)) {
    return <QueryError query={query} title={errorTitle} retryLabel={retryLabel} />;
  }
  if (data === undefined) return loading;
  if (empty?.when(data)) return empty.show;
  return children(data);
}
