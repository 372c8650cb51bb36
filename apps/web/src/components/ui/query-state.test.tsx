import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryState } from './query-state';

afterEach(cleanup);

const query = (state: { isPending?: boolean; isError?: boolean; data?: string[] }) => ({
  isPending: state.isPending ?? false,
  isError: state.isError ?? false,
  data: state.data,
  refetch: vi.fn(() => Promise.resolve()),
});

const show = (q: ReturnType<typeof query>, props: { keepData?: boolean } = {}) =>
  render(
    <QueryState
      query={q}
      errorTitle="The list could not be loaded"
      empty={{ when: (d) => d.length === 0, show: 'Nothing yet' }}
      {...props}
    >
      {(data) => <p>{data.join(', ')}</p>}
    </QueryState>,
  );

describe('QueryState', () => {
  it('shows a spinner while the query loads, then its content', () => {
    const { rerender } = show(query({ isPending: true }));
    expect(screen.getByRole('status').textContent).toContain('Loading');
    rerender(
      <QueryState query={query({ data: ['a', 'b'] })} errorTitle="x">
        {(data) => <p>{data.join(', ')}</p>}
      </QueryState>,
    );
    expect(screen.getByText('a, b')).toBeTruthy();
  });

  it('shows the error with a Try again button that loads the query again', () => {
    const failed = query({ isError: true });
    show(failed);
    expect(screen.getByRole('alert').textContent).toContain('The list could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state when there is nothing, and keeps stale data over a failed refetch only when asked', () => {
    show(query({ data: [] }));
    expect(screen.getByText('Nothing yet')).toBeTruthy();
    cleanup();
    show(query({ isError: true, data: ['old'] }), { keepData: true });
    expect(screen.getByText('old')).toBeTruthy();
    cleanup();
    show(query({ isError: true, data: ['old'] }));
    expect(screen.queryByText('old')).toBeNull();
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});
