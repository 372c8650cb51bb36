import { visitSourceLabel, type DashboardSummary } from '@portal/contract';
import { formatCount, formatPercent } from './format';

export function VisitSources({ summary }: { summary: DashboardSummary }) {
  const total = summary.visits_by_source.reduce((sum, row) => sum + row.visits, 0);
  if (total === 0) return <p className="py-6 text-center text-sm text-slate-500">No visits in this period.</p>;
  return (
    <ul className="space-y-3">
      {summary.visits_by_source.map((row) => (
        <li key={row.source}>
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="truncate text-slate-700">{visitSourceLabel(row.source)}</span>
            <span className="tabular-nums text-slate-900">
              {formatCount(row.visits)} <span className="text-xs text-slate-500">({formatPercent(row.visits / total)})</span>
            </span>
          </div>
          <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
            <div className="h-1.5 rounded-full bg-brand-600" style={{ width: `${(row.visits / total) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
