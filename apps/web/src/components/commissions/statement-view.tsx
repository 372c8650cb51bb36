import type { ReactNode } from 'react';
import { formatBps, formatCents, monthLabel, paymentMethodLabels, type LineStatus, type StatementDetail } from '@portal/contract';
import { Card } from '@/components/ui/card';
import { Table, titleColumn, type Column } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { HeldMarker, LineStatusBadge, StatementStatusBadge } from './status-badges';
import { amountClass, moneyColumn } from './money-columns';
import { StatementSection, SubtotalFooter } from './statement-section';
import { StatementOverrides } from './statement-overrides';
import { TermList } from '@/components/ui/term-list';

type MerchantLine = StatementDetail['merchants'][number];
type BonusLine = StatementDetail['bonuses'][number];
type AdjustmentLine = StatementDetail['adjustments'][number];

const count = new Intl.NumberFormat('en-US');

function Merchant({ business, midLast4, extra }: { business: string | null; midLast4: string | null; extra?: ReactNode }) {
  return (
    <span className="block min-w-0">
      <span className="block font-medium text-slate-900 wrap-anywhere">{business ?? 'Merchant'}</span>
      {midLast4 && <span className="block text-xs text-slate-500">MID ending {midLast4}</span>}
      {extra}
    </span>
  );
}

/**
 * One statement as the partner (and the admin, per partner) reads it: every merchant's residual, the
 * bonuses, the adjustments and the totals. Every total shown is the server's sum of the lines.
 */
export function StatementView({ detail }: { detail: StatementDetail }) {
  const { statement, totals } = detail;
  const money = (cents: number) => formatCents(cents, statement.currency);
  const showsMonth = detail.merchants.some((line) => line.month !== statement.month);

  const merchantColumns: Column<MerchantLine>[] = [
    titleColumn('business', 'Merchant', (row) => (
      <Merchant
        business={row.business}
        midLast4={row.mid_last4}
        extra={
          showsMonth &&
          row.month !== statement.month && <span className="block text-xs text-slate-500">Report of {monthLabel(row.month)}</span>
        }
      />
    )),
    moneyColumn('volume', 'Volume', (row) => row.volume_cents, money),
    {
      key: 'transactions',
      header: 'Transactions',
      className: amountClass,
      cell: (row) => (row.transactions === null ? '—' : count.format(row.transactions)),
    },
    moneyColumn('net', 'Net revenue', (row) => row.net_revenue_cents, money),
    { key: 'share', header: 'Share', className: amountClass, cell: (row) => formatBps(row.share_bps) },
    moneyColumn('residual', 'Residual', (row) => row.residual_cents, money, 'medium'),
  ];

  const statusColumn = {
    key: 'status',
    header: 'Status',
    cell: (row: { status: LineStatus }) => <LineStatusBadge status={row.status} />,
  };
  const amountColumn = moneyColumn<{ amount_cents: number }>('amount', 'Amount', (row) => row.amount_cents, money, 'medium');

  const bonusColumns: Column<BonusLine>[] = [
    titleColumn('business', 'Merchant', (row) => (
      <Merchant
        business={row.business ?? row.description}
        midLast4={row.mid_last4}
        extra={
          <>
            {row.kind === 'clawback' && <span className="block text-xs font-medium text-red-700">Bonus reversed</span>}
            {row.reason && <span className="block text-xs text-slate-600">{row.reason}</span>}
          </>
        }
      />
    )),
    { key: 'approved', header: 'Approved', cell: (row) => formatDate(row.approved_on) },
    statusColumn,
    amountColumn,
  ];

  const adjustmentColumns: Column<AdjustmentLine>[] = [
    titleColumn('description', 'Description', (row) => <span className="text-slate-900 wrap-anywhere">{row.description}</span>),
    statusColumn,
    amountColumn,
  ];

  return (
    <div className="space-y-8">
      <Card className="grid grid-cols-2 gap-4 p-5 sm:p-6 lg:grid-cols-4">
        <div>
          <p className="text-sm text-slate-600">Total</p>
          <p className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-testid="statement-total">
            {money(totals.total_cents)}
          </p>
        </div>
        <div>
          <p className="text-sm text-slate-600">Status</p>
          <p className="mt-1.5">
            <StatementStatusBadge status={statement.status} />
          </p>
          {statement.held && (
            <div className="mt-1.5">
              <HeldMarker reason={statement.held} />
            </div>
          )}
          {statement.paid_on && (
            <p className="mt-1 text-xs text-slate-600">
              Paid {formatDate(statement.paid_on)}
              {statement.paid_method ? ` · ${paymentMethodLabels[statement.paid_method]}` : ''}
              {statement.paid_reference ? ` · ${statement.paid_reference}` : ''}
            </p>
          )}
        </div>
        <div>
          <p className="text-sm text-slate-600">Residual share</p>
          <p className="mt-1 text-lg font-semibold tabular-nums text-slate-900">{formatBps(detail.plan.residual_share_bps)}</p>
          <p className="text-xs text-slate-500">of each merchant&rsquo;s net revenue</p>
        </div>
        <div>
          <p className="text-sm text-slate-600">Processing volume</p>
          <p className="mt-1 text-lg font-semibold tabular-nums text-slate-900">{money(totals.volume_cents)}</p>
          <p className="text-xs text-slate-500">
            {count.format(detail.merchants.length)} merchant{detail.merchants.length === 1 ? '' : 's'}
          </p>
        </div>
      </Card>

      <StatementSection id="statement-merchants" title="Residuals by merchant" description={`${detail.note}.`}>
        <Table
          caption={`Residuals by merchant, ${monthLabel(statement.month)}`}
          columns={merchantColumns}
          rows={detail.merchants}
          getRowId={(row) => row.line_id}
          empty="No residual on this statement."
          footer={detail.merchants.length > 0 && <SubtotalFooter label="Residuals" value={money(totals.residual_cents)} />}
        />
      </StatementSection>

      {detail.overrides.length > 0 && <StatementOverrides detail={detail} />}

      <StatementSection id="statement-bonuses" title="Bonuses">
        <Table
          caption={`Bonuses, ${monthLabel(statement.month)}`}
          columns={bonusColumns}
          rows={detail.bonuses}
          getRowId={(row) => row.line_id}
          empty="No bonus on this statement."
          footer={detail.bonuses.length > 0 && <SubtotalFooter label="Bonuses" value={money(totals.bonus_cents)} />}
        />
      </StatementSection>

      <StatementSection id="statement-adjustments" title="Adjustments">
        <Table
          caption={`Adjustments, ${monthLabel(statement.month)}`}
          columns={adjustmentColumns}
          rows={detail.adjustments}
          getRowId={(row) => row.line_id}
          empty="No adjustment on this statement."
          footer={detail.adjustments.length > 0 && <SubtotalFooter label="Adjustments" value={money(totals.adjustment_cents)} />}
        />
      </StatementSection>

      <StatementSection id="statement-totals" title="Totals">
        <Card className="max-w-md p-5">
          <TermList
            items={[
              ['Residuals', money(totals.residual_cents)],
              ...(detail.overrides.length > 0 ? ([['Overrides', money(totals.override_cents)]] as const) : []),
              ['Bonuses', money(totals.bonus_cents)],
              ['Adjustments', money(totals.adjustment_cents)],
            ]}
            className="space-y-2 text-sm"
            itemClassName="flex justify-between gap-4"
            termClassName="text-slate-600"
            valueClassName="tabular-nums text-slate-900"
            aria-label="Statement totals"
          >
            <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-semibold">
              <dt>Total</dt>
              <dd className="tabular-nums">{money(totals.total_cents)}</dd>
            </div>
          </TermList>
        </Card>
      </StatementSection>
    </div>
  );
}
