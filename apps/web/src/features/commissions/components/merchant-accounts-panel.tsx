import { useState } from 'react';
import toast from 'react-hot-toast';
import { commissionMessages, formatCents, monthLabel, type CommissionLine, type MerchantAccount } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { actionsColumn, NameCell, Table, titleColumn, type Column } from '@/components/ui/table';
import { getServerMessage } from '@/lib/api/errors';
import { formatDate } from '@/lib/format';
import { useCloseMerchantAccount } from '../api/close-merchant-account';
import { useMerchantAccounts } from '../api/get-merchant-accounts';
import { fetchPartnerLines } from '../api/get-partner-lines';
import { getFieldErrors } from './server-errors';
import { QueryError } from '@/components/ui/query-state';
import { SplitsDialog } from './splits-dialog';

const today = () => new Date().toISOString().slice(0, 10);
const amount = 'tabular-nums sm:text-right';

/** What closing an account did to its bonus, read from the partner's lines after the close. */
export interface CloseOutcome {
  business: string;
  closedOn: string;
  title: string;
  detail: string;
  tone: 'success' | 'info';
}

export function describeClose(account: MerchantAccount, lines: readonly CommissionLine[], currency: string): CloseOutcome {
  const own = lines.filter((line) => line.merchant_account_id === account.id);
  const clawback = own.find((line) => line.kind === 'clawback');
  const bonus = own.find((line) => line.kind === 'bonus');
  const base = { business: account.business, closedOn: account.closed_on ?? '' };
  if (clawback)
    return {
      ...base,
      tone: 'success',
      title: `Bonus clawed back: ${formatCents(clawback.amount_cents, currency)}`,
      detail: `A clawback line was added to the ${monthLabel(clawback.month)} statement.`,
    };
  if (bonus?.status === 'void')
    return {
      ...base,
      tone: 'success',
      title: 'Bonus voided',
      detail: bonus.reason ?? 'The bonus was never earned, so it will not be paid.',
    };
  return {
    ...base,
    tone: 'info',
    title: 'Bonus unchanged',
    detail: bonus
      ? 'The account closed after the clawback window, so the bonus stands.'
      : 'This account has no automatic bonus to reverse.',
  };
}

/**
 * The partner's merchant accounts (one per approved referral or assigned MID). An admin closes an
 * account when the processor reports it closed; inside the plan's clawback window its bonus is
 * voided (never earned) or reversed by a clawback line, and the panel says which.
 */
export function MerchantAccountsPanel({ partnerId, currency }: { partnerId: number; currency: string }) {
  const accounts = useMerchantAccounts(partnerId);
  const [closing, setClosing] = useState<MerchantAccount | null>(null);
  const [splitsOf, setSplitsOf] = useState<MerchantAccount | null>(null);
  const [outcome, setOutcome] = useState<CloseOutcome | null>(null);
  const money = (cents: number) => formatCents(cents, currency);

  const columns: Column<MerchantAccount>[] = [
    titleColumn('business', 'Merchant', (row) => <NameCell name={row.business} detail={`MID ${row.mid}`} />),
    { key: 'approved', header: 'Approved', cell: (row) => formatDate(row.approved_on) },
    { key: 'volume', header: 'Volume', className: amount, cell: (row) => money(row.volume_cents) },
    {
      key: 'status',
      header: 'Status',
      cell: (row) =>
        row.status === 'closed' ? (
          <span className="flex flex-col items-end gap-0.5 sm:items-start">
            <Badge tone="slate">Closed</Badge>
            <span className="text-xs text-slate-500">{formatDate(row.closed_on)}</span>
          </span>
        ) : (
          <Badge tone="green">Active</Badge>
        ),
    },
    actionsColumn(
      (row) => (
        <>
          <Button size="sm" variant="secondary" aria-label={`Splits of ${row.business}`} onClick={() => setSplitsOf(row)}>
            Splits
          </Button>
          {row.status === 'active' && (
            <Button size="sm" variant="danger" aria-label={`Close account ${row.business}`} onClick={() => setClosing(row)}>
              Close account
            </Button>
          )}
        </>
      ),
      { wrap: true },
    ),
  ];

  if (accounts.isError && !accounts.data) {
    return (
      <QueryError
        query={accounts}
        title={getServerMessage(accounts.error) ?? 'Failed to load the merchant accounts.'}
        retryLabel="Retry"
      />
    );
  }

  return (
    <div className="space-y-4">
      {outcome && (
        <Alert tone={outcome.tone} title={`${outcome.business} closed on ${formatDate(outcome.closedOn)}. ${outcome.title}`}>
          <p>{outcome.detail}</p>
        </Alert>
      )}
      <Table
        caption="Merchant accounts"
        columns={columns}
        rows={accounts.data ?? []}
        getRowId={(row) => row.id}
        isLoading={accounts.isPending}
        empty={
          <p className="py-6 text-center text-sm text-slate-600">
            No merchant accounts yet. A referral moved to Approved merchant with its MID becomes one.
          </p>
        }
      />
      {splitsOf && (
        <SplitsDialog
          accountId={splitsOf.id}
          business={splitsOf.business}
          partnerId={splitsOf.partner_id}
          onClose={() => setSplitsOf(null)}
        />
      )}
      {closing && (
        <CloseAccountDialog
          account={closing}
          currency={currency}
          onClose={() => setClosing(null)}
          onClosed={(result) => {
            setClosing(null);
            setOutcome(result);
          }}
        />
      )}
    </div>
  );
}

function CloseAccountDialog({
  account,
  currency,
  onClose,
  onClosed,
}: {
  account: MerchantAccount;
  currency: string;
  onClose: () => void;
  onClosed: (outcome: CloseOutcome) => void;
}) {
  const close = useCloseMerchantAccount();
  const [closedOn, setClosedOn] = useState(today());
  const [error, setError] = useState<string | undefined>();

  const submit = async () => {
    if (!closedOn) return setError('Closing date is required');
    if (closedOn < account.approved_on) return setError(commissionMessages.closedDateBeforeApproval);
    setError(undefined);
    try {
      const closed = await close.mutateAsync({ id: account.id, closedOn });
      const lines = await fetchPartnerLines(account.partner_id).catch(() => []);
      toast.success(commissionMessages.merchantClosed);
      onClosed(describeClose(closed, lines, currency));
    } catch (failure) {
      const fields = getFieldErrors(failure);
      setError(fields.closed_on);
      toast.error(getServerMessage(failure) ?? 'The account could not be closed.');
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Close ${account.business}`}
      description={`MID ${account.mid}, approved ${formatDate(account.approved_on)}`}
      footer={
        <DialogActions
          submitLabel="Close account"
          onCancel={onClose}
          onSubmit={submit}
          isPending={close.isPending}
          tone="danger"
          focusCancel
        />
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          Record the day the processor closed this account. If it closed inside the plan's clawback window, the partner's bonus
          for it is reversed: a bonus not yet earned is voided, an earned one gets a negative clawback line on that month's
          statement. This cannot be undone.
        </p>
        <TextField
          label="Closed on"
          type="date"
          value={closedOn}
          min={account.approved_on}
          onChange={(event) => setClosedOn(event.target.value)}
          error={error}
        />
      </div>
    </Dialog>
  );
}
