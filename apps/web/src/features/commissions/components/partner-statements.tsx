import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { commissionMessages, formatCents, monthLabel, type StatementSummary } from '@portal/contract';
import { HeldMarker, StatementStatusBadge } from '@/components/commissions/status-badges';
import { Table, titleColumn, type Column } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { QueryError } from '@/components/ui/query-state';
import { amountClass, statementSumColumns } from '@/components/commissions/money-columns';

export function StatementsSection({ statements }: { statements: UseQueryResult<StatementSummary[]> }) {
  const columns: Column<StatementSummary>[] = [
    titleColumn('month', 'Month', (row) => (
      <Link to={paths.partner.statement(row.id)} className="font-medium text-brand-700 hover:underline">
        {monthLabel(row.month)}
      </Link>
    )),
    {
      key: 'merchants',
      header: 'Merchants',
      className: amountClass,
      cell: (row) => row.merchants.toLocaleString('en-US'),
    },
    ...statementSumColumns<StatementSummary>((cents, row) => formatCents(cents, row.currency), 'Adjustments'),
    {
      key: 'status',
      header: 'Status',
      cell: (row) => (
        <span className="flex flex-col items-end gap-1 sm:items-start">
          <StatementStatusBadge status={row.status} />
          <HeldMarker reason={row.held} />
        </span>
      ),
    },
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
