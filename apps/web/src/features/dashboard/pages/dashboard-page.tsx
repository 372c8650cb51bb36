import { paths } from '@/lib/paths';
import { lazy, Suspense } from 'react';
import { periodLabels } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/components/ui/cn';
import { FiguresSkeleton, Skeleton } from '@/components/ui/skeleton';
import { PageHeader } from '@/components/ui/page-header';
import { PeriodPicker, usePeriod } from '@/components/ui/period-picker';
import { ShareKit } from '@/components/share-kit/share-kit';
import { useAuthStore } from '@/lib/auth/auth-store';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { useDashboardTimeseries } from '../api/get-dashboard-timeseries';
import { ActivityTable } from '../components/activity-table';
import { GettingStarted } from '../components/getting-started';
import { StatCard } from '../components/stat-card';
import { formatCount, formatPercent } from '../components/format';
import { QueryError, QueryState } from '@/components/ui/query-state';
import { DashboardCard } from '../components/section-title';
import { StatusStrip } from '../components/status-strip';
import { LatestReferrals } from '../components/latest-referrals';
import { VisitSources } from '../components/visit-sources';
import { EarningsPanel } from '../components/earnings-panel';
import { ReferralLinksCard } from '../components/referral-links-card';

// The canvas chart library loads after the page's figures, in its own chunk.
const ActivityChart = lazy(() => import('../components/activity-chart').then((m) => ({ default: m.ActivityChart })));

export function DashboardPage() {
  const user = useAuthStore((s) => s.user);
  // Issue 23 §6: someone just signed in by their invitation's first password is welcomed, not welcomed back.
  const isNewcomer = useAuthStore((s) => s.isNewcomer);
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
        description={`${isNewcomer ? 'Welcome' : 'Welcome back'}${firstName ? `, ${firstName}` : ''}.`}
        actions={!isNew && <PeriodPicker className="w-44" />}
      />
      <div className="space-y-6">
        {user && <ShareKit uuid={user.uuid} />}

        {summary.isError && !data ? (
          <QueryError query={summary} title="Failed to load dashboard data." retryLabel="Retry" />
        ) : !data ? (
          <FiguresSkeleton label="Loading dashboard" cards={4} className="h-28" />
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
            <EarningsPanel />
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
                // Referrals per link visit: not the admins' "Conversion" (approved per referral), so named apart.
                label="Visits to referrals"
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

            <DashboardCard id="activity-title" title={`Referrals and link visits · ${periodLabels[period]}`}>
              {data.cards.visits.value > 0 && data.cards.referrals.value === 0 && (
                <Alert tone="info" className="mb-3">
                  People are opening your link, but nobody has requested an analysis yet in this period.
                </Alert>
              )}
              <QueryState
                query={timeseries}
                keepData
                errorTitle="Failed to load dashboard data."
                retryLabel="Retry"
                loading={<Skeleton className="h-60" />}
                empty={{
                  when: (series) => series.points.every((p) => p.referrals === 0 && p.visits === 0),
                  show: <p className="py-16 text-center text-sm text-slate-500">No data for this period</p>,
                }}
              >
                {(series) => (
                  <>
                    <Suspense fallback={<Skeleton className="h-60" />}>
                      <ActivityChart series={series} />
                    </Suspense>
                    <ActivityTable series={series} />
                  </>
                )}
              </QueryState>
            </DashboardCard>

            <StatusStrip summary={data} />

            <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
              <DashboardCard
                id="latest-title"
                title="Latest referrals"
                link={{ to: paths.partner.referrals, label: 'View all' }}
                className="lg:col-span-2"
              >
                <LatestReferrals summary={data} />
              </DashboardCard>
              <DashboardCard id="sources-title" title="Visits by source">
                <VisitSources summary={data} />
              </DashboardCard>
            </div>
          </div>
        )}

        {user && <ReferralLinksCard uuid={user.uuid} />}
      </div>
    </>
  );
}
