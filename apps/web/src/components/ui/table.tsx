import type { ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from '../icons';
import { Button } from './button';
import { cn } from './cn';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** A clickable header that asks the owner to sort by this column. */
  sortable?: boolean;
  /** Classes for this column's header and cells (width, alignment). */
  className?: string;
  /** In the phone card layout, show the cell without its header label. */
  hideLabelOnPhone?: boolean;
}

/** The last column of a table whose rows have buttons: right-aligned, without a label on a phone. */
export function actionsColumn<T>(cell: (row: T) => ReactNode, { wrap = false } = {}): Column<T> {
  return {
    key: 'actions',
    header: 'Actions',
    hideLabelOnPhone: true,
    className: 'sm:text-right',
    cell: (row) => <span className={cn('flex justify-end gap-2 pt-2 sm:pt-0', wrap && 'flex-wrap')}>{cell(row)}</span>,
  };
}

/** A row's first column, what names it: on a phone it heads the row's card, without a label. */
export function titleColumn<T>(key: string, header: string, cell: (row: T) => ReactNode): Column<T> {
  return { key, header, hideLabelOnPhone: true, cell };
}

/** A name (text or a link) over a smaller line that tells it apart (an email, a MID); long words wrap. */
export function NameCell({ name, detail }: { name: ReactNode; detail?: ReactNode }) {
  return (
    <span className="block min-w-0">
      <span className="block font-medium text-slate-900 wrap-anywhere">{name}</span>
      {detail && <span className="block text-xs text-slate-500 wrap-anywhere">{detail}</span>}
    </span>
  );
}

export interface RowSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  /** Names a row's checkbox for screen readers, e.g. "Select Corner Bakery". */
  rowLabel: (row: T) => string;
}

interface TableProps<T> {
  /** Names the table for screen readers. */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** First load: skeleton rows instead of data. */
  isLoading?: boolean;
  /** Shown inside the table when there are no rows (and not loading). */
  empty?: ReactNode;
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  selection?: RowSelection<T>;
  /** Paging controls under the rows (see CursorPager). */
  footer?: ReactNode;
  className?: string;
}

const phoneLabel = 'shrink-0 pt-0.5 text-xs font-medium uppercase tracking-wide text-slate-500 sm:hidden';
const checkboxClass =
  'size-4 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * The data table of every list: sortable headers, row selection for bulk actions, a loading
 * skeleton and an empty state. Under the sm breakpoint each row becomes a card with labelled cells,
 * so nothing overflows a phone.
 */
export function Table<T>({
  caption,
  columns,
  rows,
  getRowId,
  isLoading = false,
  empty,
  sort,
  onSortChange,
  selection,
  footer,
  className,
}: TableProps<T>) {
  const ids = rows.map(getRowId);
  const selectedCount = selection ? ids.filter((id) => selection.selected.has(id)).length : 0;
  const isAllSelected = rows.length > 0 && selectedCount === rows.length;
  const toggleAll = () => selection?.onChange(isAllSelected ? new Set() : new Set(ids));
  const toggleRow = (id: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };
  const columnCount = columns.length + (selection ? 1 : 0);

  return (
    <div className={cn('overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm', className)}>
      <table className="w-full text-left text-sm" aria-busy={isLoading || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500 sm:table-header-group">
          <tr>
            {selection && (
              <th scope="col" className="w-10 px-4 py-3">
                <input
                  type="checkbox"
                  className={checkboxClass}
                  aria-label="Select all rows"
                  checked={isAllSelected}
                  ref={(box) => {
                    if (box) box.indeterminate = selectedCount > 0 && !isAllSelected;
                  }}
                  onChange={toggleAll}
                  disabled={rows.length === 0}
                />
              </th>
            )}
            {columns.map((column) => {
              const isSorted = sort?.key === column.key;
              const ariaSort = isSorted ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={ariaSort}
                  className={cn('px-4 py-3 whitespace-nowrap', column.className)}
                >
                  {column.sortable && onSortChange ? (
                    <button
                      type="button"
                      className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
                      onClick={() =>
                        onSortChange({ key: column.key, direction: isSorted && sort.direction === 'asc' ? 'desc' : 'asc' })
                      }
                    >
                      {column.header}
                      {!isSorted ? (
                        <ArrowUpDownIcon className="size-3.5 text-slate-400" />
                      ) : sort.direction === 'asc' ? (
                        <ArrowUpIcon className="size-3.5" />
                      ) : (
                        <ArrowDownIcon className="size-3.5" />
                      )}
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {isLoading ? (
            Array.from({ length: 5 }, (_, index) => (
              <tr key={index} className="block px-4 py-3 sm:table-row sm:p-0">
                {index === 0 && (
                  <td className="sr-only" role="status">
                    Loading…
                  </td>
                )}
                {Array.from({ length: columnCount }, (_, cell) => (
                  <td key={cell} className="block py-1 sm:table-cell sm:px-4 sm:py-4">
                    <span aria-hidden="true" className="block h-3.5 w-3/4 animate-pulse rounded bg-slate-200" />
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr className="block sm:table-row">
              <td colSpan={columnCount} className="block px-6 py-12 text-center text-sm text-slate-600 sm:table-cell">
                {empty ?? 'Nothing to show.'}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const id = getRowId(row);
              const isSelected = selection?.selected.has(id) ?? false;
              return (
                <tr
                  key={id}
                  className={cn('block px-4 py-3 sm:table-row sm:p-0', isSelected ? 'bg-brand-50/60' : 'sm:hover:bg-slate-50/70')}
                >
                  {selection && (
                    <td className="block pb-1 sm:table-cell sm:w-10 sm:px-4 sm:py-3">
                      <input
                        type="checkbox"
                        className={checkboxClass}
                        aria-label={selection.rowLabel(row)}
                        checked={isSelected}
                        onChange={() => toggleRow(id)}
                      />
                    </td>
                  )}
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={cn(
                        'py-1 align-top sm:table-cell sm:px-4 sm:py-3',
                        // On a phone: the label on the left, the value on the right, one line each.
                        column.hideLabelOnPhone ? 'block' : 'flex items-start justify-between gap-4 text-right sm:text-left',
                        column.className,
                      )}
                    >
                      {!column.hideLabelOnPhone && <span className={phoneLabel}>{column.header}</span>}
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
      {footer}
    </div>
  );
}

interface CursorPagerProps {
  shown: number;
  hasMore: boolean;
  isFetchingMore: boolean;
  onLoadMore: () => void;
  /** e.g. "referrals" */
  noun: string;
}

/** Cursor paging's footer: how many rows are shown and a "Load more" button while there are more. */
export function CursorPager({ shown, hasMore, isFetchingMore, onLoadMore, noun }: CursorPagerProps) {
  if (shown === 0) return null;
  return (
    <div className="flex items-center justify-between gap-3 border-t border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-600">
      <span aria-live="polite">
        Showing {shown} {noun}
        {hasMore ? '' : ' (all)'}
      </span>
      {hasMore && (
        <Button variant="secondary" size="sm" onClick={onLoadMore} isLoading={isFetchingMore}>
          Load more
        </Button>
      )}
    </div>
  );
}

/** A column heading of a table laid out by hand: its text and its classes (width, alignment). */
export type Heading = readonly [label: string, className: string];

/**
 * The header of a small table laid out by hand (a chart's figures, a short ranking) where Table's
 * phone cards and sorting are not wanted: one row of column headings.
 */
export function TableHead({ headings, className }: { headings: readonly Heading[]; className: string }) {
  return (
    <thead className={className}>
      <tr>
        {headings.map(([label, headingClass]) => (
          <th key={label} scope="col" className={headingClass}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Sorts loaded rows on the client for a table whose rows are all on screen. */
export function sortRows<T>(
  rows: readonly T[],
  sort: SortState | null | undefined,
  valueOf: (row: T, key: string) => string | number,
): T[] {
  if (!sort) return [...rows];
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = valueOf(a, sort.key);
    const right = valueOf(b, sort.key);
    if (typeof left === 'number' && typeof right === 'number') return (left - right) * factor;
    return String(left).localeCompare(String(right), undefined, { numeric: true, sensitivity: 'base' }) * factor;
  });
}
