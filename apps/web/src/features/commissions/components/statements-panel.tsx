import { useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { commissionMessages, formatCents, monthLabel, type AdminStatementsQuery, type StatementSummary } from '@portal/contract';
import { HeldMarker, StatementStatusBadge } from '@/components/commissions/status-badges';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { actionsColumn, NameCell, Table, titleColumn, type Column } from '@/components/ui/table';
import { amountClass as amount, statementSumColumns } from '@/components/commissions/money-columns';
import { getServerMessage, tryOrToast } from '@/lib/api/errors';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useAdminStatements } from '../api/get-admin-statements';
import { usePublishStatements } from '../api/publish-statements';
import { MarkPaidDialog, type PayableStatement } from './mark-paid-dialog';
import { QueryError } from '@/components/ui/query-state';
import { FigureTiles } from '@/components/ui/term-list';

/**
 * Statements of a month (one per partner) or of one partner (one per month): review, publish and
 * mark paid, one by one or the selected ones at once.
 */
export function StatementsPanel({ query, by }: { query: AdminStatementsQuery; by: 'partner' | 'month' }) {
  const statements = useAdminStatements(query);
  const publish = usePublishStatements();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [publishing, setPublishing] = useState<StatementSummary[] | null>(null);
  const [paying, setPaying] = useState<PayableStatement[] | null>(null);

  const data = statements.data;
  const rows = data?.items ?? [];
  const currency = rows[0]?.currency ?? 'USD';
  const money = (cents: number) => formatCents(cents, currency);
  const chosen = rows.filter((row) => selected.has(row.id));
  const drafts = chosen.filter((row) => row.status === 'draft');
  const payable = chosen.filter((row) => row.status === 'published');

  const onPublish = async (items: StatementSummary[]) => {
    await tryOrToast(async () => {
      const { results } = await publish.mutateAsync({ statement_ids: items.map((item) => item.id) });
      const done = results.filter((r) => r.ok).length;
      const failed = results.filter((r) => !r.ok);
      if (done > 0) toast.success(commissionMessages.statementsPublished(done));
      if (failed.length > 0) toast.error(failed[0]?.message ?? `${failed.length} statements could not be published`);
      setPublishing(null);
      setSelected(new Set());
    }, 'The statements could not be published.');
  };

  const columns: Column<StatementSummary>[] = [
    by === 'month'
      ? titleColumn('partner', 'Partner', (row) => (
          <NameCell
            name={
              <Link to={paths.admin.statement(row.id)} className="text-brand-700 hover:underline">
                {row.partner_name}
              </Link>
            }
            detail={row.partner_email}
          />
        ))
      : titleColumn('month', 'Month', (row) => (
          <Link to={paths.admin.statement(row.id)} className="font-medium text-brand-700 hover:underline">
            {monthLabel(row.month)}
          </Link>
        )),
    { key: 'merchants', header: 'Merchants', className: amount, cell: (row) => row.merchants },
    ...statementSumColumns<StatementSummary>(money),
    {
      key: 'status',
      header: 'Status',
      cell: (row) => (
        <span className="flex flex-col items-end gap-0.5 sm:items-start">
          <StatementStatusBadge status={row.status} />
          <HeldMarker reason={row.held} />
          {row.paid_on && <span className="text-xs text-slate-500">{formatDate(row.paid_on)}</span>}
        </span>
      ),
    },
    actionsColumn((row) => (
      <>
        {row.status === 'draft' && (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Publish ${row.partner_name}, ${monthLabel(row.month)}`}
            onClick={() => setPublishing([row])}
          >
            Publish
          </Button>
        )}
        {row.status === 'published' && (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Mark ${row.partner_name}, ${monthLabel(row.month)} paid`}
            onClick={() => setPaying([row])}
          >
            Mark paid
          </Button>
        )}
      </>
    )),
  ];

  if (statements.isError && !data) {
    return (
      <QueryError
        query={statements}
        title={getServerMessage(statements.error) ?? 'Failed to load the statements.'}
        retryLabel="Retry"
      />
    );
  }

  return (
    <div className="space-y-4">
      {data && rows.length > 0 && (
        <FigureTiles
          items={[
            ['Volume', money(data.totals.volume_cents)],
            ['Residuals', money(data.totals.residual_cents)],
            ['Bonuses', money(data.totals.bonus_cents)],
            ['Adjustments', money(data.totals.adjustment_cents)],
            ['Total', money(data.totals.total_cents)],
          ]}
          className="grid grid-cols-2 gap-3 lg:grid-cols-5 [&>*:last-child]:col-span-2 lg:[&>*:last-child]:col-span-1"
          tileClassName="bg-white shadow-sm"
          aria-label="Totals of these statements"
        />
      )}

      {chosen.length > 0 && (
        <div
          className="flex flex-col gap-2 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
          role="region"
          aria-label="Selected statements"
        >
          <span className="font-medium text-brand-800">{chosen.length} selected</span>
          <span className="flex flex-wrap gap-2">
            <Button size="sm" disabled={drafts.length === 0} onClick={() => setPublishing(drafts)}>
              Publish {drafts.length > 0 ? drafts.length : ''} draft{drafts.length === 1 ? '' : 's'}
            </Button>
            <Button size="sm" variant="secondary" disabled={payable.length === 0} onClick={() => setPaying(payable)}>
              Mark {payable.length > 0 ? payable.length : ''} paid
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              Clear
            </Button>
          </span>
        </div>
      )}

      <Table
        caption={by === 'month' ? 'Statements of the month' : 'Statements of this partner'}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        isLoading={statements.isPending}
        empty={
          by === 'month'
            ? 'No statements for this month. Import the month’s residual report, or add an adjustment, to create them.'
            : commissionMessages.noStatements
        }
        selection={{
          selected,
          onChange: setSelected,
          rowLabel: (row) => `Select ${by === 'month' ? row.partner_name : monthLabel(row.month)}`,
        }}
      />

      {data && data.rolled_over.length > 0 && (
        <div className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
          <h3 className="font-semibold text-slate-900">Below the minimum payout</h3>
          <p className="mt-0.5 text-slate-600">These totals roll into the partner&rsquo;s next statement.</p>
          <ul className="mt-2 divide-y divide-slate-100">
            {data.rolled_over.map((item) => (
              <li key={item.partner_id} className="flex justify-between gap-3 py-1.5">
                <span className="wrap-anywhere">{item.partner_name}</span>
                <span className="tabular-nums text-slate-700">
                  {money(item.total_cents)} <span className="text-xs text-slate-500">of {money(item.min_payout_cents)}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}

      <ConfirmDialog
        open={publishing !== null}
        title={publishing && publishing.length === 1 ? 'Publish statement' : `Publish ${publishing?.length ?? 0} statements`}
        message={
          publishing && publishing.length === 1
            ? `${publishing[0]!.partner_name} sees the ${monthLabel(publishing[0]!.month)} statement (${money(publishing[0]!.total_cents)}) and is emailed that it is ready. Its lines can no longer be replaced by a new import.`
            : 'Each partner sees their statement and is emailed that it is ready. Their lines can no longer be replaced by a new import.'
        }
        confirmLabel="Publish"
        isPending={publish.isPending}
        onConfirm={() => publishing && void onPublish(publishing)}
        onCancel={() => setPublishing(null)}
      />
      <MarkPaidDialog
        statements={paying}
        currency={currency}
        onClose={() => setPaying(null)}
        onDone={() => {
          setPaying(null);
          setSelected(new Set());
        }}
      />
    </div>
  );
}
