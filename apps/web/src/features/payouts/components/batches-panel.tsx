import { useState } from 'react';
import {
  achReturnCodes,
  formatCents,
  payoutStatusLabels,
  type BatchPayout,
  type BatchSummary,
  type PayoutStatus,
} from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button, SubmitRow } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { QueryState } from '@/components/ui/query-state';
import { QueryTable } from '@/components/ui/query-table';
import { SelectField } from '@/components/ui/select';
import { actionsColumn, Table, type Column } from '@/components/ui/table';
import { getServerFieldErrors, getServerMessage, tryRequest } from '@/lib/api/errors';
import { useCreateBatch } from '../api/create-batch';
import { useDownloadNacha } from '../api/download-nacha';
import { useBatch } from '../api/get-batch';
import { useBatches } from '../api/get-batches';
import { useMarkBatchSent } from '../api/mark-batch-sent';
import { useMarkBatchSettled } from '../api/mark-batch-settled';
import { useRecordReturn } from '../api/record-return';
import { useSetPayoutIncluded } from '../api/set-payout-included';
import { RowRequestDialog, useRowDialog, type RowDialogProps } from './row-dialog';

const statusTones: Record<PayoutStatus, BadgeTone> = {
  pending: 'blue',
  sent: 'indigo',
  paid: 'green',
  returned: 'red',
  canceled: 'slate',
};

const thisMonth = () => new Date().toISOString().slice(0, 7);
const lastMonth = () => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
};
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Payout batches: build the month's batch, include or exclude partners, the NACHA file, sent, returns. */
export function BatchesPanel() {
  const batches = useBatches();
  const [chosen, setSelected] = useState<string | null>(null);
  // The newest batch until the admin opens another.
  const selected = chosen ?? batches.data?.items[0]?.id ?? null;

  const columns: Column<BatchSummary>[] = [
    { key: 'number', header: 'Batch', cell: (b) => <span className="font-medium text-slate-900">#{b.number}</span> },
    { key: 'month', header: 'Month', cell: (b) => b.month },
    { key: 'effective', header: 'Effective', cell: (b) => b.effective_date },
    {
      key: 'status',
      header: 'Status',
      cell: (b) => <Badge tone={b.status === 'sent' ? 'green' : 'blue'}>{b.status === 'sent' ? 'Sent' : 'Draft'}</Badge>,
    },
    { key: 'payouts', header: 'Payouts', cell: (b) => `${b.payouts}${b.returned ? ` (${b.returned} returned)` : ''}` },
    { key: 'total', header: 'Total', className: 'sm:text-right', cell: (b) => formatCents(b.total_cents) },
    actionsColumn((b) => (
      <Button
        size="sm"
        variant={selected === b.id ? 'primary' : 'secondary'}
        onClick={() => setSelected(b.id)}
        aria-pressed={selected === b.id}
      >
        {selected === b.id ? 'Shown' : 'Open'}
      </Button>
    )),
  ];

  return (
    <div className="space-y-6">
      <NewBatchForm onCreated={setSelected} />
      <QueryTable
        query={batches}
        errorTitle="Could not load the batches"
        caption="Payout batches"
        columns={columns}
        getRowId={(b) => b.id}
        empty={<p className="py-8 text-center text-sm text-slate-500">No batches yet: build the first one above.</p>}
      />
      {selected && <BatchDetailCard id={selected} />}
    </div>
  );
}

function NewBatchForm({ onCreated }: { onCreated: (id: string) => void }) {
  const create = useCreateBatch();
  const [month, setMonth] = useState(lastMonth());
  const [effective, setEffective] = useState(inDays(2));
  const [prenotes, setPrenotes] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  return (
    <Card className="p-5 sm:p-6">
      <form
        className="space-y-4"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setErrors({});
          setError(null);
          try {
            const detail = await create.mutateAsync({ month, effective_date: effective, prenotes });
            onCreated(detail.batch.id);
          } catch (err) {
            const fields = getServerFieldErrors(err);
            setErrors(fields);
            if (!Object.keys(fields).length) setError(getServerMessage(err) ?? 'Could not build the batch');
          }
        }}
      >
        <div>
          <h2 className="text-base font-semibold text-slate-900">Build a payout batch</h2>
          <p className="mt-1 text-sm text-slate-600">
            Every Ready partner with published statements up to the month, at or above their minimum payout. Building again
            refreshes the month’s draft.
          </p>
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Statements up to"
            type="month"
            max={thisMonth()}
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            error={errors.month}
          />
          <TextField
            label="Effective date"
            type="date"
            value={effective}
            onChange={(e) => setEffective(e.target.value)}
            error={errors.effective_date}
          />
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
            <input type="checkbox" className="size-4" checked={prenotes} onChange={(e) => setPrenotes(e.target.checked)} />
            Zero-dollar prenote for accounts never paid
          </label>
        </div>
        <SubmitRow isPending={create.isPending}>Build batch</SubmitRow>
      </form>
    </Card>
  );
}

function BatchDetailCard({ id }: { id: string }) {
  const batch = useBatch(id);
  const include = useSetPayoutIncluded();
  const nacha = useDownloadNacha();
  const sent = useMarkBatchSent();
  const settled = useMarkBatchSettled();
  const [confirmSent, setConfirmSent] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const returning = useRowDialog<BatchPayout>(setNotice);
  const [error, setError] = useState<string | null>(null);

  return (
    <QueryState query={batch} errorTitle="Could not load the batch">
      {(data) => {
        const b = data.batch;
        const isDraft = b.status === 'draft';
        const columns: Column<BatchPayout>[] = [
          {
            key: 'partner',
            header: 'Partner',
            cell: (p) => (
              <div>
                <div className="font-medium text-slate-900">{p.partner_name}</div>
                <div className="text-xs text-slate-500">
                  {p.entry_class} · {p.account_type === 'savings' ? 'Savings' : 'Checking'} {p.account_masked}
                  {p.prenote ? ' · prenote' : ''}
                </div>
              </div>
            ),
          },
          { key: 'months', header: 'Statements', cell: (p) => p.statement_months.join(', ') },
          {
            key: 'status',
            header: 'Status',
            cell: (p) => (
              <span className="flex flex-wrap gap-1">
                <Badge tone={statusTones[p.status]}>
                  {payoutStatusLabels[p.status]}
                  {p.return_code ? ` ${p.return_code}` : ''}
                </Badge>
                {p.retry && <Badge tone="amber">Retry</Badge>}
              </span>
            ),
          },
          {
            key: 'amount',
            header: 'Amount',
            className: 'sm:text-right',
            cell: (p) => formatCents(p.amount_cents, data.currency),
          },
          actionsColumn((p) =>
            isDraft ? (
              <Button
                size="sm"
                variant="secondary"
                isLoading={include.isPending && include.variables?.payoutId === p.id}
                onClick={() => include.mutate({ batchId: b.id, payoutId: p.id, included: p.status === 'canceled' })}
              >
                {p.status === 'canceled' ? 'Include' : 'Exclude'}
              </Button>
            ) : p.status === 'sent' || p.status === 'paid' ? (
              <Button size="sm" variant="danger" onClick={() => returning.open(p)}>
                Record return
              </Button>
            ) : null,
          ),
        ];
        return (
          <Card className="space-y-4 p-5 sm:p-6" aria-labelledby="batch-title">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h2 id="batch-title" className="text-base font-semibold text-slate-900">
                  Batch #{b.number} · {b.month}
                </h2>
                <p className="mt-1 text-sm text-slate-600" data-testid="batch-totals">
                  {b.payouts} {b.payouts === 1 ? 'payout' : 'payouts'} · {formatCents(b.total_cents, data.currency)} · effective{' '}
                  {b.effective_date} · {isDraft ? 'Draft' : `Sent ${b.sent_at ? new Date(b.sent_at).toLocaleString() : ''}`}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  isLoading={nacha.isPending}
                  disabled={b.payouts === 0}
                  onClick={() => {
                    setError(null);
                    void tryRequest(
                      () => nacha.mutateAsync({ id: b.id, month: b.month }),
                      setError,
                      'Could not make the NACHA file',
                    );
                  }}
                >
                  Download NACHA file
                </Button>
                {isDraft && (
                  <Button disabled={b.payouts === 0} onClick={() => setConfirmSent(true)}>
                    Mark sent
                  </Button>
                )}
                {!isDraft && data.payouts.some((p) => p.status === 'sent') && (
                  <Button
                    isLoading={settled.isPending}
                    onClick={() => {
                      setError(null);
                      void tryRequest(
                        async () => setNotice((await settled.mutateAsync(b.id)) ?? null),
                        setError,
                        'Could not mark the batch settled',
                      );
                    }}
                  >
                    Mark settled
                  </Button>
                )}
              </div>
            </div>
            {notice && <Alert tone="success">{notice}</Alert>}
            {error && <Alert tone="error">{error}</Alert>}
            <Table
              caption={`Payouts of batch ${b.number}`}
              columns={columns}
              rows={data.payouts}
              getRowId={(p) => p.id}
              empty={<p className="py-8 text-center text-sm text-slate-500">No partner is payable for this month.</p>}
            />
            {data.held.length > 0 && (
              <div>
                <h3 className="text-sm font-semibold text-slate-900">Held back ({data.held.length})</h3>
                <ul className="mt-2 divide-y divide-slate-100 text-sm">
                  {data.held.map((h) => (
                    <li key={h.partner_id} className="flex flex-wrap justify-between gap-2 py-2">
                      <span className="font-medium text-slate-900">{h.partner_name}</span>
                      <span className="text-slate-600">
                        {h.reason} · {formatCents(h.total_cents, data.currency)}
                      </span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <ConfirmDialog
              open={confirmSent}
              title={`Mark batch #${b.number} sent?`}
              message={`Its ${b.payouts} payouts (${formatCents(b.total_cents, data.currency)}) become sent and their statements paid, with the batch as the reference. Do this once the bank has the file.`}
              confirmLabel="Mark sent"
              isPending={sent.isPending}
              onCancel={() => setConfirmSent(false)}
              onConfirm={async () => {
                setError(null);
                await tryRequest(
                  async () => setNotice((await sent.mutateAsync(b.id)) ?? null),
                  setError,
                  'Could not mark the batch sent',
                );
                setConfirmSent(false);
              }}
            />
            {returning.dialog && <ReturnDialog {...returning.dialog} />}
          </Card>
        );
      }}
    </QueryState>
  );
}

const returnOptions = Object.entries(achReturnCodes).map(([code, r]) => ({ value: code, label: `${code} · ${r.text}` }));

function ReturnDialog({ row: payout, onClose, onDone }: RowDialogProps<BatchPayout>) {
  const record = useRecordReturn();
  const [code, setCode] = useState('R03');
  return (
    <RowRequestDialog
      title={`Record a return for ${payout.partner_name}`}
      description={`${formatCents(payout.amount_cents)} to ${payout.account_masked}. The payout fails, its statements wait for the next batch, and the partner is mailed what to fix.`}
      submitLabel="Record return"
      tone="danger"
      isPending={record.isPending}
      onClose={onClose}
      request={async () => onDone((await record.mutateAsync({ payout_id: payout.id, return_code: code })) ?? 'Return recorded')}
      failure="Could not record the return"
    >
      {(error) => (
        <SelectField
          label="ACH return code"
          options={returnOptions}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
        />
      )}
    </RowRequestDialog>
  );
}
