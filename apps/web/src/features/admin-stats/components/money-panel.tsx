import { Link } from 'react-router';
import { formatCents, monthLabel, type EarningsTotals } from '@portal/contract';
import { Card } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/lib/paths';
import { useAdminEarnings } from '../api/get-earnings';

function Figure({ label, value, hint, testId }: { label: string; value: string; hint: string; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-xl font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
      <dd className="mt-0.5 text-xs text-slate-500">{hint}</dd>
    </div>
  );
}

/** The admin home's money: what partners are owed now and what was paid (the partners' own figures, summed). */
export function MoneyPanel() {
  const query = useAdminEarnings();
  return (
    <Card className="p-5">
      <section aria-labelledby="money-title">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id="money-title" className="text-base font-semibold text-slate-900">
            Commissions
          </h2>
          <Link to={paths.admin.commissions} className="text-sm font-medium text-brand-700 hover:underline">
            Statements
          </Link>
        </div>
        <QueryState
          query={query}
          errorTitle="Failed to load the commission figures"
          retryLabel="Retry"
          loading={<Skeleton className="h-16" />}
        >
          {(data) => <MoneyFigures totals={data} />}
        </QueryState>
      </section>
    </Card>
  );
}

function MoneyFigures({ totals }: { totals: EarningsTotals }) {
  const money = (cents: number) => formatCents(cents, totals.currency);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-5 md:grid-cols-4">
      <Figure
        label="Owed to partners"
        value={money(totals.approved_unpaid_cents)}
        hint={`Approved, not yet paid; ${money(totals.published_unpaid_cents)} on published statements`}
        testId="money-owed"
      />
      <Figure
        label={`Paid in ${monthLabel(totals.month)}`}
        value={money(totals.paid_this_month_cents)}
        hint="By payment date"
        testId="money-paid-month"
      />
      <Figure
        label={`Paid in ${totals.year}`}
        value={money(totals.paid_this_year_cents)}
        hint="By payment date"
        testId="money-paid-year"
      />
      <Figure
        label="Pending bonuses"
        value={money(totals.pending_bonus_cents)}
        hint={`${totals.pending_bonus_count.toLocaleString('en-US')} waiting for the merchant's volume`}
        testId="money-pending"
      />
    </dl>
  );
}
