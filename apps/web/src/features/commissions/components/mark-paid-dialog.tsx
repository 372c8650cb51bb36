import toast from 'react-hot-toast';
import { commissionMessages, formatCents, markPaidRequest, paymentMethodLabels, paymentMethods } from '@portal/contract';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useMarkPaid } from '../api/mark-statements-paid';
import { getFieldErrors } from './server-errors';

export interface PayableStatement {
  id: string;
  partner_name: string;
  total_cents: number;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The contract's payment fields, and no date after today (the admin's own day). */
const markPaidForm = markPaidRequest.omit({ statement_ids: true }).extend({
  paid_on: markPaidRequest.shape.paid_on.refine((day) => day <= today(), commissionMessages.paidDateFuture),
});
const formFields = ['paid_on', 'method', 'reference'] as const;

interface MarkPaidProps {
  statements: PayableStatement[];
  currency: string;
  onClose: () => void;
  onDone: () => void;
}

/** Marks one or many published statements paid, with the payment's date, method and reference. */
export function MarkPaidDialog({
  statements,
  ...props
}: Omit<MarkPaidProps, 'statements'> & { statements: PayableStatement[] | null }) {
  return statements ? <MarkPaidForm statements={statements} {...props} /> : null;
}

function MarkPaidForm({ statements, currency, onClose, onDone }: MarkPaidProps) {
  const markPaid = useMarkPaid();
  const { field, setError, submit } = useZodForm(markPaidForm, {
    defaultValues: { paid_on: today(), method: 'ach', reference: '' },
  });
  const total = statements.reduce((sum, statement) => sum + statement.total_cents, 0);
  const title =
    statements.length === 1
      ? `Mark ${statements[0]!.partner_name}'s statement paid`
      : `Mark ${statements.length} statements paid`;

  const save = submit(
    async (values) => {
      const { results } = await markPaid.mutateAsync({ statement_ids: statements.map((s) => s.id), ...values });
      const done = results.filter((r) => r.ok).length;
      const failed = results.filter((r) => !r.ok);
      if (done > 0) toast.success(commissionMessages.statementsPaid(done));
      if (failed.length > 0) toast.error(failed[0]?.message ?? `${failed.length} statements could not be marked paid`);
      onDone();
    },
    (error) => {
      const fields = getFieldErrors(error);
      for (const name of formFields) if (fields[name]) setError(name, { message: fields[name] });
      toast.error(getServerMessage(error) ?? 'The statements could not be marked paid.');
      return undefined;
    },
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={`${statements.length} statement${statements.length === 1 ? '' : 's'} · ${formatCents(total, currency)} in all`}
      footer={<DialogActions submitLabel="Mark paid" onCancel={onClose} onSubmit={save} isPending={markPaid.isPending} />}
    >
      <div className="space-y-4">
        <TextField label="Payment date" type="date" max={today()} {...field('paid_on')} />
        <SelectField
          label="Payment method"
          options={paymentMethods.map((value) => ({ value, label: paymentMethodLabels[value] }))}
          placeholder="Choose…"
          {...field('method')}
        />
        <TextField
          label="Reference"
          maxLength={100}
          hint="The transfer or check number, as the partner will see it"
          {...field('reference')}
        />
      </div>
    </Dialog>
  );
}
