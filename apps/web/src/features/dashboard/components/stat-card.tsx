import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { TrendDownIcon, TrendUpIcon } from '@/components/icons';
import { describeChange } from './format';

interface StatCardProps {
  label: string;
  value: string;
  current: number | null;
  previous: number | null;
  kind?: 'count' | 'ratio';
  hint?: string;
}

/** One figure of the period, with its change against the period before. */
export function StatCard({ label, value, current, previous, kind = 'count', hint }: StatCardProps) {
  const change = describeChange(current, previous, kind);
  return (
    <Card className="p-4">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-testid={`card-${label}`}>
        {value}
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-x-1 text-xs text-slate-500">
        {change ? (
          <>
            <span
              className={cn(
                'inline-flex items-center gap-0.5 font-medium whitespace-nowrap',
                change.tone === 'up' && 'text-emerald-700',
                change.tone === 'down' && 'text-red-700',
              )}
            >
              {change.tone === 'up' && <TrendUpIcon className="size-3.5" />}
              {change.tone === 'down' && <TrendDownIcon className="size-3.5" />}
              {change.text}
            </span>
            <span className="whitespace-nowrap">vs previous period</span>
          </>
        ) : (
          <span>{hint ?? ' '}</span>
        )}
      </p>
    </Card>
  );
}
