import { useState } from 'react';
import { formatBps, formatCents, type ImportResult } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { NameCell, Table, titleColumn, type Column } from '@/components/ui/table';
import { Tabs } from '@/components/ui/tabs';
import { useUnknownMidActions } from './unknown-mid-actions';
import { amountClass as amount, moneyColumn } from '@/components/commissions/money-columns';
import { AssignMidDialog, type UnknownMid } from './assign-mid-dialog';
import { FigureTiles } from '@/components/ui/term-list';

type View = 'matched' | 'unmatched' | 'duplicates' | 'errors';
type Matched = ImportResult['matched'][number];
type Unmatched = ImportResult['unmatched'][number];
type Duplicate = ImportResult['duplicates'][number];
type RowError = ImportResult['errors'][number];

const count = new Intl.NumberFormat('en-US');

interface DryRunReviewProps {
  result: ImportResult;
  currency: string;
  isRefreshing: boolean;
  isCommitting: boolean;
  onBack: () => void;
  /** Runs the dry run again (after an unknown MID was assigned or ignored). */
  onRefresh: () => void;
  onCommit: () => void;
}

/** What the upload would do: matched rows with their residual, unknown MIDs, duplicates and errors. */
export function DryRunReview({ result, currency, isRefreshing, isCommitting, onBack, onRefresh, onCommit }: DryRunReviewProps) {
  const { totals } = result;
  const firstView: View =
    totals.errors > 0 ? 'errors' : totals.duplicates > 0 ? 'duplicates' : totals.unmatched > 0 ? 'unmatched' : 'matched';
  const [view, setView] = useState<View>(firstView);
  const [assigning, setAssigning] = useState<UnknownMid | null>(null);
  const unknownMidActions = useUnknownMidActions(onRefresh);
  const money = (cents: number) => formatCents(cents, currency);

  const matchedColumns: Column<Matched>[] = [
    { key: 'row', header: 'Row', className: 'tabular-nums', cell: (row) => row.row },
    titleColumn('merchant', 'Merchant', (row) => <NameCell name={row.business ?? row.mid} detail={`MID ${row.mid}`} />),
    { key: 'partner', header: 'Partner', cell: (row) => row.partner_name },
    moneyColumn('volume', 'Volume', (row) => row.volume_cents, money),
    moneyColumn('net', 'Net revenue', (row) => row.net_revenue_cents, money),
    { key: 'share', header: 'Share', className: amount, cell: (row) => formatBps(row.share_bps) },
    moneyColumn('residual', 'Residual', (row) => row.residual_cents, money, 'medium'),
  ];

  const unmatchedColumns: Column<Unmatched>[] = [
    { key: 'row', header: 'Row', className: 'tabular-nums', cell: (row) => row.row },
    titleColumn('merchant', 'Merchant', (row) => (
      <NameCell name={row.business ?? 'Unknown business'} detail={`MID ${row.mid}`} />
    )),
    moneyColumn('volume', 'Volume', (row) => row.volume_cents, money),
    moneyColumn('net', 'Net revenue', (row) => row.net_revenue_cents, money),
    unknownMidActions<Unmatched>((row) => setAssigning({ ...row, month: result.month })),
  ];

  const duplicateColumns: Column<Duplicate>[] = [
    { key: 'mid', header: 'MID', cell: (row) => row.mid },
    { key: 'rows', header: 'Rows', cell: (row) => row.rows.join(', ') },
    titleColumn('message', 'Problem', (row) => <span className="text-red-700">{row.message}</span>),
  ];

  const errorColumns: Column<RowError>[] = [
    { key: 'row', header: 'Row', cell: (row) => row.row ?? '—' },
    { key: 'column', header: 'Column', cell: (row) => row.column ?? '—' },
    titleColumn('message', 'Problem', (row) => <span className="text-red-700 wrap-anywhere">{row.message}</span>),
  ];

  const figures: [string, string][] = [
    ['Rows', count.format(totals.rows)],
    ['Volume', money(totals.volume_cents)],
    ['Net revenue', money(totals.net_revenue_cents)],
    ['Residuals to credit', money(totals.residual_cents)],
  ];

  return (
    <div className="space-y-5" aria-busy={isRefreshing}>
      <div>
        <h2 className="text-base font-semibold text-slate-900">Dry run: nothing is saved yet</h2>
        <p className="mt-1 text-sm text-slate-600">
          {result.file.name} · {result.processor} · {result.month}
        </p>
      </div>
      <FigureTiles items={figures} className="grid grid-cols-2 gap-3 lg:grid-cols-4" tileClassName="bg-slate-50" />

      {result.replaces && (
        <Alert tone="info">
          Committing replaces the earlier upload for this month and processor ({count.format(result.replaces.lines)} residual
          lines).
        </Alert>
      )}
      {result.blocked && <Alert tone="error">{result.blocked}</Alert>}

      <Tabs<View>
        label="Rows of the dry run"
        value={view}
        onChange={setView}
        items={[
          { value: 'matched', label: 'Matched', badge: count.format(totals.matched) },
          { value: 'unmatched', label: 'Unknown MID', badge: count.format(totals.unmatched) },
          { value: 'duplicates', label: 'Duplicates', badge: count.format(totals.duplicates) },
          { value: 'errors', label: 'Errors', badge: count.format(totals.errors) },
        ]}
      />
      <div role="tabpanel" aria-label={view}>
        {view === 'matched' && (
          <>
            <Table
              caption="Matched rows"
              columns={matchedColumns}
              rows={result.matched}
              getRowId={(row) => String(row.row)}
              empty="No row matches a merchant account yet."
            />
            {totals.matched > result.matched.length && (
              <p className="mt-2 text-xs text-slate-500">
                Showing the first {count.format(result.matched.length)} of {count.format(totals.matched)} matched rows; the totals
                count them all.
              </p>
            )}
          </>
        )}
        {view === 'unmatched' && (
          <>
            <p className="mb-3 text-sm text-slate-600">
              These MIDs match no merchant account. Assign each to the partner who referred it, or ignore it (for example a house
              account).
              {totals.ignored > 0
                ? ` ${count.format(totals.ignored)} ignored MID${totals.ignored === 1 ? ' is' : 's are'} left out.`
                : ''}
            </p>
            <Table
              caption="Rows with an unknown MID"
              columns={unmatchedColumns}
              rows={result.unmatched}
              getRowId={(row) => String(row.row)}
              empty="Every MID is known."
            />
          </>
        )}
        {view === 'duplicates' && (
          <Table
            caption="MIDs listed more than once"
            columns={duplicateColumns}
            rows={result.duplicates}
            getRowId={(row) => row.mid}
            empty="No MID appears twice."
          />
        )}
        {view === 'errors' && (
          <Table
            caption="Rows that cannot be read"
            columns={errorColumns}
            rows={result.errors}
            getRowId={(row) => `${row.row}-${row.column}-${row.message}`}
            empty="No errors."
          />
        )}
      </div>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack}>
          Back to columns
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="secondary" onClick={onRefresh} isLoading={isRefreshing}>
            Run again
          </Button>
          <Button onClick={onCommit} isLoading={isCommitting} disabled={Boolean(result.blocked) || isRefreshing}>
            Commit import
          </Button>
        </div>
      </div>

      <AssignMidDialog
        row={assigning}
        currency={currency}
        onClose={() => setAssigning(null)}
        onAssigned={() => {
          setAssigning(null);
          onRefresh();
        }}
      />
    </div>
  );
}
