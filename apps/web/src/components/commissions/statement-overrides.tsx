import { formatBps, formatCents, monthLabel, splitBasisLabels, type StatementDetail } from '@portal/contract';
import { Table, type Column } from '@/components/ui/table';
import { LineStatusBadge } from './status-badges';

type OverrideLine = StatementDetail['overrides'][number];
const amountClass = 'tabular-nums sm:text-right';

/**
 * A statement's overrides (issue 21): one line per team merchant and level, naming the team member
 * (or "Team member" when the program hides names), the MID ending, basis and rate, so an upline can
 * check each one against the merchant's net.
 */
export function StatementOverrides({ detail }: { detail: StatementDetail }) {
  const { statement, totals } = detail;
  const money = (cents: number) => formatCents(cents, statement.currency);
  const columns: Column<OverrideLine>[] = [
    {
      key: 'member',
      header: 'Team member',
      hideLabelOnPhone: true,
      cell: (row) => (
        <span className="block min-w-0">
          <span className="block font-medium text-slate-900 wrap-anywhere">{row.member}</span>
          <span className="block text-xs text-slate-500">
            MID ending {row.mid_last4} · {row.level === 1 ? 'Direct' : `Level ${row.level}`}
            {row.month !== statement.month ? ` · ${monthLabel(row.month)}` : ''}
          </span>
        </span>
      ),
    },
    { key: 'net', header: 'Net revenue', className: amountClass, cell: (row) => money(row.net_revenue_cents) },
    {
      key: 'rate',
      header: 'Rate',
      className: amountClass,
      cell: (row) => (
        <span>
          {formatBps(row.rate_bps)} <span className="text-xs text-slate-500">{splitBasisLabels[row.basis]}</span>
        </span>
      ),
    },
    { key: 'status', header: 'Status', cell: (row) => <LineStatusBadge status={row.status} /> },
    { key: 'amount', header: 'Override', className: amountClass, cell: (row) => money(row.amount_cents) },
  ];
  return (
    <section aria-labelledby="statement-overrides" className="space-y-3">
      <div>
        <h2 id="statement-overrides" className="text-base font-semibold text-slate-900">
          Overrides on your team
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">What you earn on merchants your team members brought in.</p>
      </div>
      <Table
        caption={`Overrides, ${monthLabel(statement.month)}`}
        columns={columns}
        rows={detail.overrides}
        getRowId={(row) => row.line_id}
        footer={
          <div className="flex items-center justify-between gap-3 border-t border-slate-200 bg-slate-50 px-4 py-3 text-sm font-semibold text-slate-900">
            <span>Overrides</span>
            <span className="tabular-nums">{money(totals.override_cents)}</span>
          </div>
        }
      />
    </section>
  );
}
