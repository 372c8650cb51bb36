import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { leadStatuses, leadStatusLabels, periodLabels, type AdminStats, type CrmHealth } from '@portal/contract';
import { RefreshIcon } from '@/components/icons';
import { leadStatusTones, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { PageHeader } from '@/components/ui/page-header';
import { PeriodPicker, usePeriod } from '@/components/ui/period-picker';
import { paths } from '@/lib/paths';
import { useAdminStats, useCrmHealth, useRetryFailed } from '../api/admin-stats';
import { QueryState } from '@/components/ui/query-state';

const fills: Record<BadgeTone, string> = {
  slate: 'bg-slate-400',
  blue: 'bg-sky-500',
  indigo: 'bg-indigo-500',
  violet: 'bg-violet-500',
  amber: 'bg-amber-500',
  green: 'bg-emerald-500',
  red: 'bg-red-500',
  orange: 'bg-orange-500',
};

const pct = (v: number) => `${Math.round(v * 1000) / 10}%`;
const fmt = (v: number) => v.toLocaleString('en');

/** /admin: the program at a glance for a period kept in the URL. */
export function AdminDashboardPage() {
  const [period] = usePeriod();
  const stats = useAdminStats(period);
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`The referral program, ${periodLabels[period].toLowerCase()}.`}
        actions={<PeriodPicker className="w-44" />}
      />
      <QueryState query={stats} errorTitle="Failed to load the figures">
        {(data) => <Dashboard stats={data} />}
      </QueryState>
    </>
  );
}

function Change({ value, previous, isRatio }: { value: number; previous: number | null; isRatio?: boolean }) {
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

function StatCard({
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

function Dashboard({ stats }: { stats: AdminStats }) {
  const c = stats.cards;
  return (
    <div className="space-y-6">
      <section aria-label="Key figures" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <StatCard label="Link visits" {...c.visits} />
        <StatCard label="Referrals" {...c.referrals} />
        <StatCard label="Conversion" {...c.conversion} isRatio />
        <StatCard label="Approved merchants" {...c.approved} />
        <StatCard label="Active partners" {...c.active_partners} />
        <StatCard label="New partners" {...c.new_partners} />
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="min-w-0 p-5 lg:col-span-2">
          <h2 className="text-base font-semibold text-slate-900">Referrals per day</h2>
          <PerDayChart stats={stats} />
        </Card>
        <Card className="p-5">
          <h2 className="text-base font-semibold text-slate-900">Funnel</h2>
          <Funnel funnel={stats.funnel} />
        </Card>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <CrmHealthPanel />
        <Card className="p-5">
          <h2 className="text-base font-semibold text-slate-900">To do</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <TodoItem
              count={stats.todo.applications}
              label="applications waiting"
              to={`${paths.admin.users}?status=pending_approval`}
            />
            <TodoItem count={stats.todo.failed_syncs} label="failed CRM syncs" to={`${paths.admin.leads}?sync_state=failed`} />
            <TodoItem
              count={stats.todo.unattributed_leads}
              label="unattributed referrals"
              to={`${paths.admin.leads}?unattributed=true`}
            />
          </ul>
        </Card>
        <Card className="p-5">
          <h2 className="text-base font-semibold text-slate-900">Recent activity</h2>
          {stats.recent_activity.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">No admin changes yet.</p>
          ) : (
            <ol className="mt-3 space-y-2 text-sm">
              {stats.recent_activity.map((entry) => (
                <li key={entry.id} className="flex justify-between gap-3">
                  <span className="min-w-0 truncate">
                    <span className="font-medium text-slate-900">{entry.actor?.name ?? 'System'}</span>{' '}
                    <span className="text-slate-600">{entry.action.replace('.', ' ').replace(/_/g, ' ')}</span>
                  </span>
                  <time className="shrink-0 text-slate-500" dateTime={entry.at}>
                    {new Date(entry.at).toLocaleDateString('en', { month: 'short', day: 'numeric' })}
                  </time>
                </li>
              ))}
            </ol>
          )}
          <Link to={paths.admin.audit} className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">
            View the audit log
          </Link>
        </Card>
      </div>

      <Card className="overflow-hidden">
        <h2 className="border-b border-slate-200 px-5 py-4 text-base font-semibold text-slate-900">Top partners</h2>
        {stats.top_partners.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-600">No referrals in this period.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Top partners by approved merchants, then referrals</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="w-12 px-5 py-2">
                  #
                </th>
                <th scope="col" className="px-2 py-2">
                  Partner
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  Referrals
                </th>
                <th scope="col" className="px-2 py-2 text-right">
                  Approved
                </th>
                <th scope="col" className="hidden px-5 py-2 text-right sm:table-cell">
                  Conversion
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {stats.top_partners.map((p, index) => (
                <tr key={p.id}>
                  <td className="px-5 py-2 text-slate-500">{index + 1}</td>
                  <td className="max-w-0 truncate px-2 py-2">
                    <Link to={paths.admin.user(p.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                      {p.full_name}
                    </Link>
                  </td>
                  <td className="px-2 py-2 text-right">{fmt(p.referrals)}</td>
                  <td className="px-2 py-2 text-right">{fmt(p.approved)}</td>
                  <td className="hidden px-5 py-2 text-right sm:table-cell">{pct(p.referrals ? p.approved / p.referrals : 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}

function TodoItem({ count, label, to }: { count: number; label: string; to: string }) {
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

/** Every UTC day of the period (from its first referral for "all"), with zero for days without any. */
function everyDay(stats: AdminStats): AdminStats['per_day'] {
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

function PerDayChart({ stats }: { stats: AdminStats }) {
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
                <div key={status} className={fills[leadStatusTones[status]]} style={{ flexGrow: d.counts[status] }} />
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
            <span aria-hidden="true" className={cn('size-2.5 rounded-sm', fills[leadStatusTones[status]])} />
            {leadStatusLabels[status]}
          </li>
        ))}
      </ul>
    </>
  );
}

function Funnel({ funnel }: { funnel: AdminStats['funnel'] }) {
  const steps = [
    { label: 'Link visits', value: funnel.visits },
    { label: 'Referrals', value: funnel.referrals },
    { label: 'Contacted', value: funnel.contacted },
    { label: 'Approved', value: funnel.approved },
  ];
  const top = Math.max(...steps.map((s) => s.value), 1);
  return (
    <ol className="mt-4 space-y-3">
      {steps.map((step, i) => {
        const prev = i > 0 ? steps[i - 1]!.value : null;
        return (
          <li key={step.label}>
            <div className="flex justify-between text-sm">
              <span className="text-slate-700">{step.label}</span>
              <span className="font-medium text-slate-900">
                {fmt(step.value)}
                {prev !== null && prev > 0 && <span className="ml-1 font-normal text-slate-500">({pct(step.value / prev)})</span>}
              </span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-slate-100">
              <div className="h-2 rounded-full bg-brand-600" style={{ width: `${(step.value / top) * 100}%` }} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

const lights: Record<CrmHealth['light'], { dot: string; label: string }> = {
  green: { dot: 'bg-emerald-500', label: 'Healthy' },
  amber: { dot: 'bg-amber-500', label: 'Delayed' },
  red: { dot: 'bg-red-500', label: 'Failing' },
};

function age(iso: string | null): string {
  if (!iso) return '—';
  const minutes = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h`;
  return `${Math.round(minutes / 1440)} days`;
}

function CrmHealthPanel() {
  const health = useCrmHealth();
  const retry = useRetryFailed();
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">CRM sync</h2>
        {health.data && (
          <span className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700">
            <span aria-hidden="true" className={cn('size-2.5 rounded-full', lights[health.data.light].dot)} />
            {lights[health.data.light].label}
          </span>
        )}
      </div>
      {health.isPending ? (
        <p className="mt-3 text-sm text-slate-500">Loading…</p>
      ) : health.isError ? (
        <p className="mt-3 text-sm text-red-700">Failed to load the CRM status.</p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-500">Connector</dt>
            <dd className="text-right font-medium text-slate-900">{health.data.connector}</dd>
            <dt className="text-slate-500">Pending</dt>
            <dd className="text-right font-medium text-slate-900">{fmt(health.data.pending)}</dd>
            <dt className="text-slate-500">Failed</dt>
            <dd className="text-right font-medium text-slate-900">{fmt(health.data.failed)}</dd>
            <dt className="text-slate-500">Oldest pending</dt>
            <dd className="text-right font-medium text-slate-900">{age(health.data.oldest_pending_at)}</dd>
            <dt className="text-slate-500">Last success</dt>
            <dd className="text-right font-medium text-slate-900">
              {health.data.last_success_at ? `${age(health.data.last_success_at)} ago` : '—'}
            </dd>
          </dl>
          {health.data.errors.length > 0 && (
            <ul className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-xs">
              {health.data.errors.slice(0, 4).map((e) => (
                <li key={e.code} title={e.example} className="flex justify-between gap-2">
                  <span className="truncate font-mono text-slate-700">{e.code}</span>
                  <span className="text-slate-500">×{e.count}</span>
                </li>
              ))}
            </ul>
          )}
          {health.data.failed > 0 && (
            <Button
              variant="secondary"
              size="sm"
              className="mt-4 w-full"
              isLoading={retry.isPending}
              onClick={() =>
                retry.mutate(undefined, {
                  onSuccess: (n) => toast.success(`${n} sync${n === 1 ? '' : 's'} queued again`),
                  onError: () => toast.error('Retry failed'),
                })
              }
            >
              {!retry.isPending && <RefreshIcon className="size-4" />}
              Retry all failed
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
