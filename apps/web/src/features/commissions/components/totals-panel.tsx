import toast from 'react-hot-toast';
import { formatCents, monthLabel, type MonthlyTotal } from '@portal/contract';
import { DownloadIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Table, titleColumn, type Column } from '@/components/ui/table';
import { amountClass as amount, moneyColumn, statementSumColumns } from '@/components/commissions/money-columns';

import { getServerMessage } from '@/lib/api/errors';
import { useExportTotals } from '../api/export-totals';
import { useMonthlyTotals } from '../api/get-monthly-totals';
import { QueryError } from '@/components/ui/query-state';

/** All partners' totals per month, and the same as a CSV export. */
export function TotalsPanel({ onOpenMonth }: { onOpenMonth: (month: string) => void }) {
  const totals = useMonthlyTotals();
  const exportCsv = useExportTotals();
  const currency = totals.data?.currency ?? 'USD';
  const money = (cents: number) => formatCents(cents, currency);

  const columns: Column<MonthlyTotal>[] = [
    titleColumn('month', 'Month', (row) => (
      <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => onOpenMonth(row.month)}>
        {monthLabel(row.month)}
      </button>
    )),
    { key: 'partners', header: 'Partners', className: amount, cell: (row) => row.partners },
    ...statementSumColumns<MonthlyTotal>(money),
    moneyColumn('paid', 'Paid', (row) => row.paid_cents, money),
  ];

  if (totals.isError && !totals.data) {
    return (
      <QueryError query={totals} title={getServerMessage(totals.error) ?? 'Failed to load the totals.'} retryLabel="Retry" />
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">Every partner&rsquo;s statements added up, per month.</p>
        <Button
          variant="secondary"
          isLoading={exportCsv.isPending}
          onClick={() =>
            exportCsv.mutate(undefined, {
              onError: (error) => toast.error(getServerMessage(error) ?? 'The export failed. Please try again.'),
            })
          }
        >
          {!exportCsv.isPending && <DownloadIcon className="size-4" />}
          Export CSV
        </Button>
      </div>
      <Table
        caption="All partners' totals per month"
        columns={columns}
        rows={totals.data?.items ?? []}
        getRowId={(row) => row.month}
        isLoading={totals.isPending}
        empty="No statements yet."
      />
    </div>
  );
}
