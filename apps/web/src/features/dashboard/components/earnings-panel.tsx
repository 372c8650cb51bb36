import { formatCents, monthLabel } from '@portal/contract';
import { FigureList, type Figure } from '@/components/ui/figure-list';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/lib/paths';
import { useEarnings } from '../api/get-earnings';
import { DashboardCard } from './section-title';

const monthName = (month: string) => monthLabel(month).split(' ')[0]!;

/** The partner's money at a glance: earned this month, pending bonuses, owed, paid, the next statement. */
export function EarningsPanel() {
  const query = useEarnings();
  return (
    <DashboardCard id="earnings-title" title="Your earnings" link={{ to: paths.partner.compensation, label: 'All commissions' }}>
      <QueryState
        query={query}
        keepData
        errorTitle="Failed to load your earnings."
        retryLabel="Retry"
        loading={
          <div role="status" aria-label="Loading your earnings" className="grid grid-cols-2 gap-4 lg:grid-cols-5">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        }
      >
        {(data) => <EarningsFigures summary={data} />}
      </QueryState>
    </DashboardCard>
  );
}

function EarningsFigures({ summary }: { summary: NonNullable<ReturnType<typeof useEarnings>['data']> }) {
  const e = summary.earnings;
  const money = (cents: number) => formatCents(cents, e.currency);
  const next = summary.next_statement;
  const pendingHint =
    e.pending_bonus_count === 0
      ? 'None waiting'
      : `${e.pending_bonus_count} approved ${e.pending_bonus_count === 1 ? 'referral' : 'referrals'} waiting for volume`;
  const figures: Figure[] = [
    {
      label: `${monthName(e.month)} so far`,
      value: money(e.this_month_cents),
      hint: 'Bonuses earned and residuals reported',
      testId: 'earnings-this-month',
    },
    { label: 'Pending bonuses', value: money(e.pending_bonus_cents), hint: pendingHint, testId: 'earnings-pending' },
    {
      label: 'Approved, not yet paid',
      value: money(e.approved_unpaid_cents),
      hint: 'Paid with your next statement',
      testId: 'earnings-approved',
    },
    { label: `Paid in ${e.year}`, value: money(e.paid_this_year_cents), hint: 'By payment date', testId: 'earnings-paid' },
    {
      label: 'Next statement',
      value: monthLabel(next.published_in),
      hint: `Your ${monthLabel(next.month)} statement`,
      testId: 'earnings-next-statement',
      className: 'col-span-2 lg:col-span-1',
    },
  ];
  return <FigureList figures={figures} className="grid grid-cols-2 gap-x-4 gap-y-5 lg:grid-cols-5" />;
}
