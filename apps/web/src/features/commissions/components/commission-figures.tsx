import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCents, monthLabel, type CommissionSummary } from '@portal/contract';
import { Card } from '@/components/ui/card';
import { paths } from '@/lib/paths';

export function SummaryCard({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  testId: string;
}) {
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

export function Figures({ summary }: { summary: CommissionSummary }) {
  const money = (cents: number) => formatCents(cents, summary.currency);
  const last = summary.last_statement;
  return (
    <section aria-label="Your commissions at a glance" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
      <SummaryCard label={`Paid in ${summary.year}`} value={money(summary.paid_this_year_cents)} testId="card-paid" />
      <SummaryCard
        label="Approved, not yet paid"
        value={money(summary.approved_unpaid_cents)}
        hint="On a statement, or rolling over below the minimum payout"
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
