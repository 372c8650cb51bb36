import { cn } from './cn';

/** A grey placeholder of a figure or a chart while it loads. */
export function Skeleton({ className }: { className?: string }) {
  return <div className={cn('animate-pulse rounded-xl bg-slate-200/70', className)} />;
}

/** A page's figure cards and its chart while they load, announced by `label`. */
export function FiguresSkeleton({ label, cards, className }: { label: string; cards: 4 | 5; className: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-6">
      <div className={cn('grid grid-cols-2 gap-4', cards === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-5')}>
        {Array.from({ length: cards }, (_, index) => (
          <Skeleton key={index} className={className} />
        ))}
      </div>
      <Skeleton className="h-72" />
    </div>
  );
}
