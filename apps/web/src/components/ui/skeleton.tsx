import { cn } from './cn';

/** A grey placeholder of a figure or a chart while it loads. */
export function Skeleton({ className }: { className?: string }) {
  return <div className={cn('animate-pulse rounded-xl bg-slate-200/70', className)} />;
}
