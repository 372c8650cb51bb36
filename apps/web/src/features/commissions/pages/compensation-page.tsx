import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  commissionMessages,
  formatCents,
  messages,
  monthLabel,
  type CommissionSummary,
  type StatementSummary,
} from '@portal/contract';
import { EarningsTable } from '@/components/commissions/earnings-table';
import { StatementStatusBadge } from '@/components/commissions/status-badges';
import { CheckIcon, CopyIcon, ExternalLinkIcon, WalletIcon } from '@/components/icons';
import { referralLinkOf } from '@/components/share-kit/referral-link';
import { useCopyLink } from '@/components/share-kit/use-copy-link';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { PageHeader } from '@/components/ui/page-header';
import { Table, type Column } from '@/components/ui/table';
import { useAuthStore } from '@/lib/auth/auth-store';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useMyStatements } from '../api/get-statements';
import { useCommissionSummary } from '../api/get-summary';
import { QueryError } from '@/components/ui/query-state';
import { amountClass, statementSumColumns } from '@/components/commissions/money-columns';

// The canvas chart loads after the page's figures, in its own chunk (as on the dashboard).
const EarningsChart = lazy(() => import('@/components/commissions/earnings-chart').then((m) => ({ default: m.EarningsChart })));

function Skeleton({ className }: { className?: string }) {
  return <div className={cn('animate-pulse rounded-xl bg-slate-200/70', className)} />;
}

function SummaryCard({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: ReactNode; testId: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </p>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </Card>
  );
}

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
      />
      <div className="space-y-6">
        {summary.isError && !data ? (
          <QueryError query={summary} title="Failed to load your commissions." retryLabel="Retry" />
        ) : !data ? (
          <div role="status" aria-label="Loading commissions" className="space-y-6">
            <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} className="h-24" />
              ))}
            </div>
            <Skeleton className="h-72" />
          </div>
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
        <ExternalStatement href={compensationLink} />
      </div>
    </>
  );
}

function Figures({ summary }: { summary: CommissionSummary }) {
  const money = (cents: number) => formatCents(cents, summary.currency);
  const last = summary.last_statement;
  return (
    <section aria-label="Your commissions at a glance" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
      <SummaryCard label={`Paid in ${summary.year}`} value={money(summary.paid_this_year_cents)} testId="card-paid" />
      <SummaryCard
        label="Approved, not yet paid"
        value={money(summary.approved_unpaid_cents)}
        hint="On published statements"
        testId="card-approved"
      />
      <SummaryCard label="Pending" value={money(summary.pending_cents)} hint="Bonuses waiting for volume" testId="card-pending" />
      <SummaryCard
        label="Active merchants"
        value={summary.active_merchants.toLocaleString('en-US')}
        hint="With a residual on the last statement"
        testId="card-merchants"
      />
      <div className="col-span-2 lg:col-span-1">
        <SummaryCard
          label="Last statement"
          testId="card-last"
          value={last ? money(last.total_cents) : '—'}
          hint={
            last ? (
              <Link to={paths.partner.statement(last.id)} className="font-medium text-brand-700 hover:underline">
                {monthLabel(last.month)}
              </Link>
            ) : (
              'None published yet'
            )
          }
        />
      </div>
    </section>
  );
}

function StatementsSection({ statements }: { statements: UseQueryResult<StatementSummary[]> }) {
  const columns: Column<StatementSummary>[] = [
    {
      key: 'month',
      header: 'Month',
      hideLabelOnPhone: true,
      cell: (row) => (
        <Link to={paths.partner.statement(row.id)} className="font-medium text-brand-700 hover:underline">
          {monthLabel(row.month)}
        </Link>
      ),
    },
    {
      key: 'merchants',
      header: 'Merchants',
      className: amountClass,
      cell: (row) => row.merchants.toLocaleString('en-US'),
    },
    ...statementSumColumns<StatementSummary>((cents, row) => formatCents(cents, row.currency), 'Adjustments'),
    { key: 'status', header: 'Status', cell: (row) => <StatementStatusBadge status={row.status} /> },
    { key: 'paid', header: 'Paid on', cell: (row) => formatDate(row.paid_on) },
  ];
  return (
    <section aria-labelledby="statements-title" className="space-y-3">
      <h2 id="statements-title" className="text-base font-semibold text-slate-900">
        Statements
      </h2>
      {statements.isError ? (
        <QueryError query={statements} title="Failed to load your statements." retryLabel="Retry" />
      ) : (
        <Table
          caption="Your statements"
          columns={columns}
          rows={statements.data ?? []}
          getRowId={(row) => String(row.id)}
          isLoading={statements.isPending}
          empty={commissionMessages.noStatements}
        />
      )}
    </section>
  );
}

function NoEarningsYet({ uuid }: { uuid: string }) {
  const { copy, isCopied } = useCopyLink();
  return (
    <Card className="flex flex-col items-center px-6 py-12 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <WalletIcon className="size-6" />
      </div>
      <h2 className="text-base font-semibold text-slate-900">{commissionMessages.noEarningsTitle}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-600">{commissionMessages.noEarningsBody}</p>
      <Button className="mt-5" onClick={() => void copy(referralLinkOf(uuid))}>
        {isCopied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
        {isCopied ? 'Copied' : 'Copy your link'}
      </Button>
    </Card>
  );
}

/** The spec's compensation_link: a button when an admin set one, else the spec's alert text. */
function ExternalStatement({ href }: { href: string | null }) {
  return (
    <section aria-labelledby="external-title" className="space-y-2">
      <h2 id="external-title" className="text-sm font-semibold text-slate-900">
        External statement
      </h2>
      {href ? (
        <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
          <p className="flex-1 text-sm text-slate-600">
            Your program also keeps statements outside the portal. They open in a new tab.
          </p>
          <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClasses('secondary')}>
            Open external statement
            <ExternalLinkIcon className="size-4" />
          </a>
        </Card>
      ) : (
        <Alert tone="info">{messages.nav.noCompensationLink}</Alert>
      )}
    </section>
  );
}
