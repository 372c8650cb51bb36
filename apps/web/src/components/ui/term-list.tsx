import type { ReactNode } from 'react';
import { cn } from './cn';

/** A term and what it says, e.g. `['Email', lead.email]`. */
export type Term = readonly [term: string, value: ReactNode];

interface TermListProps {
  items: readonly Term[];
  className: string;
  /** Around each term and value; 'contents' lets the list's own grid place them in its columns. */
  itemClassName?: string;
  termClassName?: string;
  valueClassName?: string;
  'aria-label'?: string;
  /** After the terms, inside the list (a total row). */
  children?: ReactNode;
}

/** Terms and their values as one definition list, each pair in a `div` (which a `dl` allows). */
export function TermList({
  items,
  className,
  itemClassName,
  termClassName = 'text-slate-500',
  valueClassName,
  children,
  ...rest
}: TermListProps) {
  return (
    <dl className={className} aria-label={rest['aria-label']}>
      {items.map(([term, value]) => (
        <div key={term} className={itemClassName}>
          <dt className={termClassName}>{term}</dt>
          <dd className={valueClassName}>{value}</dd>
        </div>
      ))}
      {children}
    </dl>
  );
}

/** Key figures as tiles: a small label over the value in large type. */
export function FigureTiles({
  items,
  className,
  tileClassName,
  ...rest
}: {
  items: readonly Term[];
  className: string;
  /** The tile's background. */
  tileClassName: string;
  'aria-label'?: string;
}) {
  return (
    <TermList
      items={items}
      className={className}
      itemClassName={cn('rounded-lg border border-slate-200 px-3 py-2', tileClassName)}
      termClassName="text-xs text-slate-600"
      valueClassName="text-lg font-semibold tabular-nums text-slate-900"
      aria-label={rest['aria-label']}
    />
  );
}
