import { useState } from 'react';
import toast from 'react-hot-toast';
import { commissionMessages, formatCents, paymentMethodLabels, paymentMethods, type PaymentMethod } from '@portal/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { getServerMessage } from '@/lib/api/errors';
import { useMarkPaid } from '../api/mark-statements-paid';
import { getFieldErrors } from './server-errors';

export interface PayableStatement {
  id: string;
  partner_name: string;
  total_cents: number;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Marks one or many published statements paid, with the payment's date, method and reference. */
export function MarkPaidDialog({
  statements,
  currency,
  onClose,
  onDone,
}: {
  statements: PayableStatement[] | null;
  currency: string;
  onClose: () => void;
  onDone: () => void;
}) {
  if (!statements) return null;
  return <MarkPaidForm statements={statements} currency={currency} onClose={onClose} onDone={onDone} />;
}

function MarkPaidForm({
  statements,
  currency,
  onClose,
  onDone,
}: {
  statements: PayableStatement[];
  currency: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const markPaid = useMarkPaid();
  const [paidOn, setPaidOn] = useState(today());
  const [method, setMethod] = useState<PaymentMethod | ''>('ach');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const total = statements.reduce((sum, statement) => sum + statement.total_cents, 0);
  const title =
    statements.length === 1
      ? `Mark ${statements[0]!.partner_name}'s statement paid`
      : `Mark ${statements.length} statements paid`;

  const submit = async () => {
    const found: Record<string, string> = {};
    if (!paidOn) found.paid_on = commissionMessages.paidDateRequired;
    else if (paidOn > today()) found.paid_on = commissionMessages.paidDateFuture;
    if (!method) found.method = commissionMessages.methodRequired;
    if (!reference.trim()) found.reference = commissionMessages.referenceRequired;
    setErrors(found);
    if (Object.keys(found).length > 0 || !method) return;
    try {
      const { results } = await markPaid.mutateAsync({
        statement_ids: statements.map((s) => s.id),
        paid_on: paidOn,
        method,
        reference: reference.trim(),
      });
      const done = results.filter((r) => r.ok).length;
      const failed = results.filter((r) => !r.ok);
      if (done > 0) toast.success(commissionMessages.statementsPaid(done));
      if (failed.length > 0) toast.error(failed[0]?.message ?? `${failed.length} statements could not be marked paid`);
      onDone();
    } catch (error) {
      setErrors(getFieldErrors(error));
      toast.error(getServerMessage(error) ?? 'The statements could not be marked paid.');
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={`${statements.length} statement${statements.length === 1 ? '' : 's'} · ${formatCents(total, currency)} in all`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={markPaid.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} isLoading={markPaid.isPending}>
            Mark paid
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <TextField
          label="Payment date"
          type="date"
          max={today()}
          value={paidOn}
          onChange={(event) => setPaidOn(event.target.value)}
          error={errors.paid_on}
        />
        <SelectField
          label="Payment method"
          options={paymentMethods.map((value) => ({ value, label: paymentMethodLabels[value] }))}
          placeholder="Choose…"
          value={method}
          onChange={(event) => setMethod(event.target.value as PaymentMethod | '')}
          error={errors.method}
        />
        <TextField
          label="Reference"
          value={reference}
          maxLength={100}
          hint="The transfer or check number, as the partner will see it"
          onChange={(event) => setReference(event.target.value)}
          error={errors.reference}
        />
      </div>
    </Dialog>
  );
}
