import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { pct, fmt } from './figures';

export function Change({ value, previous, isRatio }: { value: number; previous: number | null; isRatio?: boolean }) {
  if (previous === null) return null;
  const diff = value - previous;
  const text =
    diff === 0
      ? 'No change'
      : isRatio
        ? `${diff > 0 ? '+' : ''}${Math.round(diff * 1000) / 10} pts`
        : previous === 0
          ? `+${fmt(diff)}`
          : `${diff > 0 ? '+' : ''}${Math.round((diff / previous) * 100)}%`;
  return (
    <p className={cn('mt-1 text-xs font-medium', diff > 0 ? 'text-emerald-700' : diff < 0 ? 'text-red-700' : 'text-slate-500')}>
      {text} <span className="font-normal text-slate-500">vs previous period</span>
    </p>
  );
}

export function StatCard({
  label,
  value,
  previous,
  isRatio,
}: {
  label: string;
  value: number;
  previous: number | null;
  isRatio?: boolean;
}) {
  return (
    <Card className="p-4">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{isRatio ? pct(value) : fmt(value)}</p>
      <Change value={value} previous={previous} isRatio={isRatio} />
    </Card>
  );
}

export function TodoItem({ count, label, to }: { count: number; label: string; to: string }) {
  return (
    <li className="flex items-center justify-between gap-3">
      <span className={count ? 'text-slate-900' : 'text-slate-500'}>
        <span className="font-semibold">{fmt(count)}</span> {label}
      </span>
      {count > 0 && (
        <Link to={to} className="text-sm font-medium text-brand-700 hover:underline">
          Review
        </Link>
      )}
    </li>
  );
}
