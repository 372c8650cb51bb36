import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { leadStatuses, leadStatusLabels, periodLabels, visitSourceLabel, type DashboardSummary } from '@portal/contract';
import { ChevronRightIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { LeadStatusBadge, leadStatusTones } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { PageHeader } from '@/components/ui/page-header';
import { PeriodPicker, usePeriod } from '@/components/ui/period-picker';
import { ShareKit } from '@/components/share-kit/share-kit';
import { useAuthStore } from '@/lib/auth/auth-store';
import { useDashboardSummary, useDashboardTimeseries } from '../api/dashboard';
import { ActivityTable } from '../components/activity-table';
import { GettingStarted } from '../components/getting-started';
import { StatCard } from '../components/stat-card';
import { formatCount, formatDate, formatPercent } from '../components/format';
import { QueryError } from '@/components/ui/query-state';

// The canvas chart library loads after the page's figures, in its own chunk.
const ActivityChart = lazy(() => import('../components/activity-chart').then((m) => ({ default: m.ActivityChart })));

/** The partner's referral list (the pipeline screens); filtered by status or opened at one referral. */
const referralsPath = '/referrals';

const stripTones: Record<string, string> = {
  blue: 'border-sky-200 hover:bg-sky-50',
  indigo: 'border-indigo-200 hover:bg-indigo-50',
  violet: 'border-violet-200 hover:bg-violet-50',
  amber: 'border-amber-200 hover:bg-amber-50',
  green: 'border-emerald-200 hover:bg-emerald-50',
  slate: 'border-slate-200 hover:bg-slate-50',
  red: 'border-red-200 hover:bg-red-50',
};

function SectionTitle({ id, children, action }: { id: string; children: string; action?: React.ReactNode }) {
  return (
    <div className="mb-3 flex items-center justify-between gap-2">
      <h2 id={id} className="text-sm font-semibold text-slate-900">
        {children}
      </h2>
      {action}
    </div>
  );
}

function Skeleton({ className }: { className?: string }) {
  return <div className={cn('animate-pulse rounded-xl bg-slate-200/70', className)} />;
}

export function DashboardPage() {
  const user = useAuthStore((s) => s.user);
  const firstName = user?.full_name.trim().split(/\s+/)[0];
  const [period] = usePeriod();
  const summary = useDashboardSummary(period);
  const timeseries = useDashboardTimeseries(period);

  const data = summary.data;
  const isNew = data ? data.total_visits === 0 && data.total_referrals === 0 : false;

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={firstName ? `Welcome back, ${firstName}.` : 'Welcome back.'}
        actions={!isNew && <PeriodPicker className="w-44" />}
      />
      <div className="space-y-6">
        {user && <ShareKit uuid={user.uuid} />}

        {summary.isError && !data ? (
          <QueryError query={summary} title="Failed to load dashboard data." retryLabel="Retry" />
        ) : !data ? (
          <div role="status" aria-label="Loading dashboard" className="space-y-6">
            <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-28" />
              ))}
            </div>
            <Skeleton className="h-72" />
          </div>
        ) : isNew && user ? (
          <>
            <GettingStarted uuid={user.uuid} />
            <StatusStrip summary={data} />
          </>
        ) : (
          <div
            className={cn('space-y-6 transition-opacity', summary.isPlaceholderData && 'opacity-60')}
            aria-busy={summary.isFetching}
          >
            <section
              aria-label={`Figures for ${periodLabels[period].toLowerCase()}`}
              className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
            >
              <StatCard
                label="Link visits"
                value={formatCount(data.cards.visits.value)}
                current={data.cards.visits.value}
                previous={data.cards.visits.previous}
              />
              <StatCard
                label="Referrals"
                value={formatCount(data.cards.referrals.value)}
                current={data.cards.referrals.value}
                previous={data.cards.referrals.previous}
              />
              <StatCard
                label="Conversion"
                value={formatPercent(data.cards.conversion.value)}
                current={data.cards.conversion.value}
                previous={data.cards.conversion.previous}
                kind="ratio"
                hint={data.cards.conversion.value === null ? 'No visits in this period' : undefined}
              />
              <StatCard
                label="Approved merchants"
                value={formatCount(data.cards.approved.value)}
                current={data.cards.approved.value}
                previous={data.cards.approved.previous}
              />
            </section>

            <Card className="p-4 sm:p-5">
              <section aria-labelledby="activity-title">
                <SectionTitle id="activity-title">{`Referrals and link visits · ${periodLabels[period]}`}</SectionTitle>
                {data.cards.visits.value > 0 && data.cards.referrals.value === 0 && (
                  <Alert tone="info" className="mb-3">
                    People are opening your link, but nobody has requested an analysis yet in this period.
                  </Alert>
                )}
                {timeseries.isError && !timeseries.data ? (
                  <QueryError query={timeseries} title="Failed to load dashboard data." retryLabel="Retry" />
                ) : !timeseries.data ? (
                  <Skeleton className="h-60" />
                ) : timeseries.data.points.every((p) => p.referrals === 0 && p.visits === 0) ? (
                  <p className="py-16 text-center text-sm text-slate-500">No data for this period</p>
                ) : (
                  <>
                    <Suspense fallback={<Skeleton className="h-60" />}>
                      <ActivityChart series={timeseries.data} />
                    </Suspense>
                    <ActivityTable series={timeseries.data} />
                  </>
                )}
              </section>
            </Card>

            <StatusStrip summary={data} />

            <div className="grid gap-6 lg:grid-cols-3">
              <Card className="p-4 sm:p-5 lg:col-span-2">
                <section aria-labelledby="latest-title">
                  <SectionTitle
                    id="latest-title"
                    action={
                      <Link to={referralsPath} className="text-sm font-medium text-brand-700 hover:underline">
                        View all
                      </Link>
                    }
                  >
                    Latest referrals
                  </SectionTitle>
                  <LatestReferrals summary={data} />
                </section>
              </Card>
              <Card className="p-4 sm:p-5">
                <section aria-labelledby="sources-title">
                  <SectionTitle id="sources-title">Visits by source</SectionTitle>
                  <VisitSources summary={data} />
                </section>
              </Card>
            </div>
          </div>
        )}
      </div>
    </>
  );
}

function StatusStrip({ summary }: { summary: DashboardSummary }) {
  return (
    <section aria-labelledby="status-title">
      <SectionTitle id="status-title">{`All referrals by status (${formatCount(summary.total_referrals)})`}</SectionTitle>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
        {leadStatuses.map((status) => (
          <li key={status}>
            <Link
              to={`${referralsPath}?status=${status}`}
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

function LatestReferrals({ summary }: { summary: DashboardSummary }) {
  if (summary.latest.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-slate-500">
        No referrals yet. Requests made through your link will be listed here.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {summary.latest.map((lead) => (
        <li key={lead.id}>
          <Link
            to={`${referralsPath}/${lead.id}`}
            className="-mx-2 flex items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{lead.business}</p>
              <p className="truncate text-xs text-slate-500">
                {lead.contact} · {formatDate(lead.submitted_at)}
              </p>
            </div>
            <LeadStatusBadge status={lead.status} />
            <ChevronRightIcon className="size-4 shrink-0 text-slate-400" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function VisitSources({ summary }: { summary: DashboardSummary }) {
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
