import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  addMonths,
  commissionMessages,
  formatCents,
  lineKindLabels,
  monthOf,
  type CommissionLine,
  type LineStatusRequest,
} from '@portal/contract';
import { LineStatusBadge } from '@/components/commissions/status-badges';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { actionsColumn, NameCell, Table, titleColumn, type Column } from '@/components/ui/table';
import { getServerMessage } from '@/lib/api/errors';
import { useChangeLineStatus } from '../api/change-line-status';
import { usePartnerLines } from '../api/get-partner-lines';
import { useAdminStatements } from '../api/get-admin-statements';
import { getFieldErrors } from './server-errors';
import { QueryError } from '@/components/ui/query-state';

type Action = 'hold' | 'void' | 'release';

const actionText: Record<Action, { button: string; title: string; confirm: string; help: string }> = {
  hold: {
    button: 'Hold',
    title: 'Hold line',
    confirm: 'Hold line',
    help: 'The line leaves its draft statement until you release it. The partner sees the reason.',
  },
  void: {
    button: 'Void',
    title: 'Void line',
    confirm: 'Void line',
    help: 'The line is cancelled and never paid. The partner sees the reason.',
  },
  release: {
    button: 'Release',
    title: 'Release line',
    confirm: 'Release line',
    help: 'The line goes back on the next draft statement (an automatic bonus waits for its minimum volume again).',
  },
};

/** What can be done to a line that is not locked: hold or void it while it may be paid, release it when held. */
const actionsOn = (status: CommissionLine['status']): Action[] =>
  status === 'pending' || status === 'approved' ? ['hold', 'void'] : status === 'on_hold' ? ['release'] : [];

/** What a released line becomes: an automatic bonus is re-checked against its volume; anything else is approved. */
const releasedStatus = (line: CommissionLine): LineStatusRequest['status'] =>
  line.kind === 'bonus' && line.merchant_account_id ? 'pending' : 'approved';

/**
 * The partner's lines of one month, with hold, void and release for lines that are not paid. A line
 * on a published statement cannot change (the server answers why; corrections are adjustments).
 */
export function LinesPanel({ partnerId, currency }: { partnerId: number; currency: string }) {
  const [month, setMonth] = useState(() => addMonths(monthOf(new Date()), -1));
  const lines = usePartnerLines(partnerId, month);
  // Lines on a published or paid statement never change (the server refuses): no buttons for them.
  const statements = useAdminStatements({ partner_id: partnerId });
  const locked = new Set((statements.data?.items ?? []).filter((item) => item.status !== 'draft').map((item) => item.id));
  const [acting, setActing] = useState<{ line: CommissionLine; action: Action } | null>(null);
  const money = (cents: number) => formatCents(cents, currency);

  const columns: Column<CommissionLine>[] = [
    titleColumn('line', 'Line', (row) => (
      <NameCell
        name={`${lineKindLabels[row.kind]}${row.business ? ` · ${row.business}` : ''}`}
        detail={row.description ?? (row.mid_last4 && `MID ···${row.mid_last4}`)}
      />
    )),
    { key: 'amount', header: 'Amount', className: 'tabular-nums sm:text-right', cell: (row) => money(row.amount_cents) },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => (
        <span className="flex flex-col items-end gap-0.5 sm:items-start">
          <LineStatusBadge status={row.status} />
          {row.reason && <span className="max-w-64 text-xs text-slate-500 wrap-anywhere">{row.reason}</span>}
        </span>
      ),
    },
    actionsColumn((row) => {
      const name = `${lineKindLabels[row.kind]}${row.business ? ` ${row.business}` : ''}`;
      if (row.statement_id && locked.has(row.statement_id))
        return <span className="text-xs text-slate-500">On a published statement</span>;
      return actionsOn(row.status).map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === 'void' ? 'danger' : 'secondary'}
          aria-label={`${actionText[action].button} ${name}`}
          onClick={() => setActing({ line: row, action })}
        >
          {actionText[action].button}
        </Button>
      ));
    }),
  ];

  return (
    <div className="space-y-4">
      <div className="max-w-48">
        <TextField
          label="Month"
          type="month"
          value={month}
          onChange={(event) => event.target.value && setMonth(event.target.value)}
        />
      </div>
      {lines.isError && !lines.data ? (
        <QueryError query={lines} title={getServerMessage(lines.error) ?? 'Failed to load the lines.'} retryLabel="Retry" />
      ) : (
        <Table
          caption="Commission lines"
          columns={columns}
          rows={lines.data ?? []}
          getRowId={(row) => row.id}
          isLoading={lines.isPending}
          empty={<p className="py-6 text-center text-sm text-slate-600">No lines for this month.</p>}
        />
      )}
      {acting && (
        <LineStatusDialog line={acting.line} action={acting.action} currency={currency} onClose={() => setActing(null)} />
      )}
    </div>
  );
}

function LineStatusDialog({
  line,
  action,
  currency,
  onClose,
}: {
  line: CommissionLine;
  action: Action;
  currency: string;
  onClose: () => void;
}) {
  const change = useChangeLineStatus();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const text = actionText[action];
  const needsReason = action !== 'release';

  const submit = async () => {
    if (needsReason && !reason.trim()) return setError(commissionMessages.reasonRequired);
    setError(undefined);
    const body: LineStatusRequest =
      action === 'release'
        ? { status: releasedStatus(line) }
        : { status: action === 'hold' ? 'on_hold' : 'void', reason: reason.trim() };
    try {
      await change.mutateAsync({ id: line.id, body });
      toast.success(commissionMessages.lineUpdated);
      onClose();
    } catch (failure) {
      setError(getFieldErrors(failure).reason);
      toast.error(getServerMessage(failure) ?? 'The line could not be changed.');
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={text.title}
      description={`${lineKindLabels[line.kind]}${line.business ? ` · ${line.business}` : ''} · ${formatCents(line.amount_cents, currency)}`}
      footer={
        <DialogActions
          submitLabel={text.confirm}
          onCancel={onClose}
          onSubmit={submit}
          isPending={change.isPending}
          tone={action === 'void' ? 'danger' : 'primary'}
          focusCancel
        />
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{text.help}</p>
        {needsReason && (
          <TextAreaField
            label="Reason"
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={error}
          />
        )}
      </div>
    </Dialog>
  );
}
