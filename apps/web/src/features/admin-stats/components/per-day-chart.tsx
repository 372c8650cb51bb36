import { toneFills } from '@/components/ui/badge';
import { leadStatuses, leadStatusLabels, type AdminStats } from '@portal/contract';
import { leadStatusTones } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { fmt } from './figures';

/** Every UTC day of the period (from its first referral for "all"), with zero for days without any. */
export function everyDay(stats: AdminStats): AdminStats['per_day'] {
  const byDay = new Map(stats.per_day.map((d) => [d.day, d.counts]));
  const first = stats.from ? stats.from.slice(0, 10) : stats.per_day[0]?.day;
  if (!first) return [];
  const days: AdminStats['per_day'] = [];
  const end = stats.to.slice(0, 10);
  for (let at = new Date(`${first}T00:00:00Z`); ; at = new Date(at.getTime() + 86_400_000)) {
    const day = at.toISOString().slice(0, 10);
    days.push({ day, counts: byDay.get(day) ?? {} });
    if (day >= end || days.length > 800) break;
  }
  return days;
}

export function PerDayChart({ stats }: { stats: AdminStats }) {
  const days = everyDay(stats);
  if (stats.per_day.length === 0) return <p className="mt-3 text-sm text-slate-600">No referrals in this period.</p>;
  const totals = days.map((d) => Object.values(d.counts).reduce((a, b) => a + b, 0));
  const maxTotal = Math.max(...totals, 1);
  return (
    <>
      {/* A pixel between bars only while they fit: 365 gaps alone are wider than a phone's card. */}
      <div
        className={cn('mt-4 flex h-40 items-end', days.length <= 90 && 'gap-px')}
        role="img"
        aria-label={`Referrals per day, ${fmt(totals.reduce((a, b) => a + b, 0))} in total`}
      >
        {days.map((d, i) => (
          <div
            key={d.day}
            className="flex min-w-0 flex-1 flex-col-reverse overflow-hidden rounded-t-sm"
            style={{ height: `${(totals[i]! / maxTotal) * 100}%` }}
            title={`${d.day}: ${totals[i]} referrals`}
          >
            {leadStatuses.map((status) =>
              d.counts[status] ? (
                <div key={status} className={toneFills[leadStatusTones[status]]} style={{ flexGrow: d.counts[status] }} />
              ) : null,
            )}
          </div>
        ))}
      </div>
      <div className="mt-1 flex justify-between text-xs text-slate-500">
        <span>{days[0]!.day}</span>
        <span>{days[days.length - 1]!.day}</span>
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        {leadStatuses.map((status) => (
          <li key={status} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cn('size-2.5 rounded-sm', toneFills[leadStatusTones[status]])} />
            {leadStatusLabels[status]}
          </li>
        ))}
      </ul>
    </>
  );
}
