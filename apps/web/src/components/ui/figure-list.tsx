import { cn } from './cn';

export interface Figure {
  label: string;
  value: string;
  /** What the figure counts, under it. */
  hint: string;
  testId: string;
  className?: string;
}

/**
 * Key money figures as one definition list: each a label, the value large and a line that says what
 * it counts. The `dl` holds its groups directly (a wrapper around a group breaks the list).
 */
export function FigureList({ figures, className }: { figures: readonly Figure[]; className: string }) {
  return (
    <dl className={className}>
      {figures.map((figure) => (
        <div key={figure.testId} className={cn('min-w-0', figure.className)}>
          <dt className="text-sm text-slate-600">{figure.label}</dt>
          <dd className="mt-0.5 text-xl font-semibold tabular-nums text-slate-900" data-testid={figure.testId}>
            {figure.value}
          </dd>
          <dd className="mt-0.5 text-xs text-slate-500">{figure.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
