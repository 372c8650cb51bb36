import { Link } from 'react-router';
import { formatCents, monthLabel, type EarningsTotals } from '@portal/contract';
import { Card } from '@/components/ui/card';
import { FigureList, type Figure } from '@/components/ui/figure-list';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/lib/paths';
import { useAdminEarnings } from '../api/get-earnings';

const byPaymentDate = 'By payment date';

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
  const owedHint = `Approved, not yet paid; ${money(totals.published_unpaid_cents)} on published statements`;
  const pendingHint = `${totals.pending_bonus_count.toLocaleString('en-US')} waiting for the merchant's volume`;
  const figures: Figure[] = [
    { label: 'Owed to partners', value: money(totals.approved_unpaid_cents), hint: owedHint, testId: 'money-owed' },
    {
      label: `Paid in ${monthLabel(totals.month)}`,
      value: money(totals.paid_this_month_cents),
      hint: byPaymentDate,
      testId: 'money-paid-month',
    },
    {
      label: `Paid in ${totals.year}`,
      value: money(totals.paid_this_year_cents),
      hint: byPaymentDate,
      testId: 'money-paid-year',
    },
    { label: 'Pending bonuses', value: money(totals.pending_bonus_cents), hint: pendingHint, testId: 'money-pending' },
  ];
  return <FigureList figures={figures} className="grid grid-cols-2 gap-x-4 gap-y-5 md:grid-cols-4" />;
}
