import { paths } from '@/lib/paths';
import { Link } from 'react-router';
import { leadStatuses, leadStatusLabels, type DashboardSummary } from '@portal/contract';
import { leadStatusTones } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { formatCount } from './format';
import { SectionTitle } from './section-title';

export const stripTones: Record<string, string> = {
  blue: 'border-sky-200 hover:bg-sky-50',
  indigo: 'border-indigo-200 hover:bg-indigo-50',
  violet: 'border-violet-200 hover:bg-violet-50',
  amber: 'border-amber-200 hover:bg-amber-50',
  green: 'border-emerald-200 hover:bg-emerald-50',
  slate: 'border-slate-200 hover:bg-slate-50',
  red: 'border-red-200 hover:bg-red-50',
};

export function StatusStrip({ summary }: { summary: DashboardSummary }) {
  return (
    <section aria-labelledby="status-title">
      <SectionTitle id="status-title">{`All referrals by status (${formatCount(summary.total_referrals)})`}</SectionTitle>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
        {leadStatuses.map((status) => (
          <li key={status}>
            <Link
              to={`${paths.partner.referrals}?status=${status}`}
              aria-label={`${leadStatusLabels[status]}: ${summary.status_counts[status]}`}
              className={cn(
                'flex h-full flex-col justify-between gap-1 rounded-lg border bg-white px-3 py-2 transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                stripTones[leadStatusTones[status]],
              )}
            >
              <span className="text-xs leading-tight text-slate-600">{leadStatusLabels[status]}</span>
              <span className="text-lg font-semibold tabular-nums text-slate-900">
                {formatCount(summary.status_counts[status])}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
