import { formatBps, formatCents, monthLabel, splitBasisLabels, type StatementDetail } from '@portal/contract';
import { NameCell, Table, titleColumn, type Column } from '@/components/ui/table';
import { amountClass, moneyColumn } from './money-columns';
import { StatementSection, SubtotalFooter } from './statement-section';
import { LineStatusBadge } from './status-badges';

type OverrideLine = StatementDetail['overrides'][number];

/**
 * A statement's overrides (issue 21): one line per team merchant and level, naming the team member
 * (or "Team member" when the program hides names), the MID ending, basis and rate, so an upline can
 * check each one against the merchant's net.
 */
export function StatementOverrides({ detail }: { detail: StatementDetail }) {
  const { statement, totals } = detail;
  const money = (cents: number) => formatCents(cents, statement.currency);
  const columns: Column<OverrideLine>[] = [
    titleColumn('member', 'Team member', (row) => (
      <NameCell
        name={row.member}
        detail={`MID ending ${row.mid_last4} · ${row.level === 1 ? 'Direct' : `Level ${row.level}`}${row.month !== statement.month ? ` · ${monthLabel(row.month)}` : ''}`}
      />
    )),
    moneyColumn('net', 'Net revenue', (row) => row.net_revenue_cents, money),
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
    moneyColumn('amount', 'Override', (row) => row.amount_cents, money),
  ];
  return (
    <StatementSection
      id="statement-overrides"
      title="Overrides on your team"
      description="What you earn on merchants your team members brought in."
    >
      <Table
        caption={`Overrides, ${monthLabel(statement.month)}`}
        columns={columns}
        rows={detail.overrides}
        getRowId={(row) => row.line_id}
        footer={<SubtotalFooter label="Overrides" value={money(totals.override_cents)} />}
      />
    </StatementSection>
  );
}
