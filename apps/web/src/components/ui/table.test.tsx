import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { sortRows, Table, type Column } from './table';

interface Row {
  id: string;
  name: string;
  count: number;
}

const rows: Row[] = [
  { id: 'a', name: 'Bakery', count: 3 },
  { id: 'b', name: 'Arcade', count: 10 },
];
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', cell: (row) => row.name, sortable: true },
  { key: 'count', header: 'Count', cell: (row) => row.count },
];

afterEach(cleanup);

const renderTable = (props: Partial<ComponentProps<typeof Table<Row>>>) =>
  render(<Table caption="Rows" columns={columns} rows={rows} getRowId={(r) => r.id} {...props} />);

describe('Table', () => {
  it('asks its owner to sort when a sortable header is clicked, and marks the sorted column', () => {
    const onSortChange = vi.fn();
    renderTable({ sort: { key: 'name', direction: 'asc' }, onSortChange });
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header).getByRole('button'));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'name', direction: 'desc' });
  });

  it('selects single rows and all rows', () => {
    const onChange = vi.fn();
    renderTable({ selection: { selected: new Set(['a']), onChange, rowLabel: (r) => `Select ${r.name}` } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Arcade' }));
    expect([...(onChange.mock.calls[0]![0] as Set<string>)]).toEqual(['a', 'b']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect([...(onChange.mock.calls[1]![0] as Set<string>)]).toEqual(['a', 'b']);
  });

  it('shows the empty state, and a skeleton while loading', () => {
    const { rerender } = render(<Table caption="Rows" columns={columns} rows={[]} getRowId={(r) => r.id} empty="No rows yet" />);
    expect(screen.getByText('No rows yet')).toBeTruthy();
    rerender(<Table caption="Rows" columns={columns} rows={[]} getRowId={(r) => r.id} isLoading empty="No rows yet" />);
    expect(screen.queryByText('No rows yet')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });
});

describe('sortRows', () => {
  it('sorts numbers and text in either direction', () => {
    const value = (row: Row, key: string) => (key === 'count' ? row.count : row.name);
    expect(sortRows(rows, { key: 'count', direction: 'desc' }, value).map((r) => r.id)).toEqual(['b', 'a']);
    expect(sortRows(rows, { key: 'name', direction: 'asc' }, value).map((r) => r.id)).toEqual(['b', 'a']);
  });
});
