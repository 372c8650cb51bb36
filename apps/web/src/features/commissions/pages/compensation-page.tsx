import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { EarningsTable } from '@/components/commissions/earnings-table';
import { Card } from '@/components/ui/card';
import { FiguresSkeleton, Skeleton } from '@/components/ui/skeleton';
import { PageHeader } from '@/components/ui/page-header';
import { useAuthStore } from '@/lib/auth/auth-store';
import { useMyStatements } from '../api/get-statements';
import { useCommissionSummary } from '../api/get-summary';
import { QueryError } from '@/components/ui/query-state';
import { Figures } from '../components/commission-figures';
import { StatementsSection } from '../components/partner-statements';
import { NoEarningsYet, ExternalStatement } from '../components/no-earnings-yet';
import { ProgramTermsCard } from '../components/program-terms-card';

// The canvas chart loads after the page's figures, in its own chunk (as on the dashboard).
const EarningsChart = lazy(() => import('@/components/commissions/earnings-chart').then((m) => ({ default: m.EarningsChart })));

/** /compensation: what the partner earned, what is on its way, and every statement. */
export function CompensationPage() {
  const user = useAuthStore((s) => s.user);
  const summary = useCommissionSummary();
  const statements = useMyStatements();
  const data = summary.data;
  // Nothing earned, pending or published yet: say so plainly instead of a wall of $0.00.
  const isEmpty = data
    ? data.last_statement === null &&
      data.pending_cents === 0 &&
      data.approved_unpaid_cents === 0 &&
      data.paid_this_year_cents === 0
    : false;
  // The summary carries the link as the server has it now; the stored session's copy may be older.
  const compensationLink = data ? data.compensation_link : (user?.compensation_link ?? null);

  return (
    <>
      <PageHeader
        title="My Commissions"
        description="Bonuses for merchants you referred and the monthly residual while they process."
        actions={
          <Link to={paths.partner.team} className={buttonClasses('secondary')}>
            My team
          </Link>
        }
      />
      <div className="space-y-6">
        {summary.isError && !data ? (
          <QueryError query={summary} title="Failed to load your commissions." retryLabel="Retry" />
        ) : !data ? (
          <FiguresSkeleton label="Loading commissions" cards={5} className="h-24" />
        ) : isEmpty && user ? (
          <NoEarningsYet uuid={user.uuid} />
        ) : (
          <>
            <Figures summary={data} />
            <Card className="p-4 sm:p-5">
              <section aria-labelledby="earnings-title">
                <h2 id="earnings-title" className="mb-3 text-sm font-semibold text-slate-900">
                  Bonus and residual · last 12 months
                </h2>
                {data.series.every((m) => m.bonus_cents === 0 && m.residual_cents === 0) ? (
                  <p className="py-16 text-center text-sm text-slate-500">No earnings in the last 12 months</p>
                ) : (
                  <>
                    <Suspense fallback={<Skeleton className="h-60" />}>
                      <EarningsChart points={data.series} currency={data.currency} />
                    </Suspense>
                    <EarningsTable points={data.series} currency={data.currency} />
                  </>
                )}
              </section>
            </Card>
            <StatementsSection statements={statements} />
          </>
        )}
        <ProgramTermsCard />
        <ExternalStatement href={compensationLink} />
      </div>
    </>
  );
}
