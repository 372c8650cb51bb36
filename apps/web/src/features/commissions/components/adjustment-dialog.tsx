import { useState } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { commissionMessages, createLineRequest, dollarsToCents } from '@portal/contract';
import { PartnerPicker, type PartnerOption } from '@/components/partner-picker';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useCreateLine } from '../api/create-line';
import { searchPartners } from '@/lib/api/search-partners';
import { getFieldErrors } from './server-errors';

const line = createLineRequest.shape;
/** The contract's line fields, with the amount in dollars as typed and a blank month as a missing one. */
const adjustmentForm = z.object({
  partner_id: z.preprocess((id: number | undefined) => id, line.partner_id),
  month: z.preprocess((month: string) => month || undefined, line.month),
  amount: z
    .string()
    .trim()
    .min(1, commissionMessages.amountRequired)
    .refine((text) => dollarsToCents(text) !== null, commissionMessages.amountInvalid)
    .transform((text) => dollarsToCents(text) ?? Number.NaN)
    .pipe(line.amount_cents),
  description: line.description,
});
/** The server's field names, as the form calls them. */
const formFields = { partner_id: 'partner_id', month: 'month', amount_cents: 'amount', description: 'description' } as const;

/** A manual adjustment line (positive or negative) for a partner and month; the description is required. */
export function AdjustmentDialog({ open, ...props }: AdjustmentProps & { open: boolean }) {
  return open ? <AdjustmentForm {...props} /> : null;
}

interface AdjustmentProps {
  defaultMonth: string;
  defaultPartner?: PartnerOption | null;
  onClose: () => void;
}

function AdjustmentForm({ defaultMonth, defaultPartner = null, onClose }: AdjustmentProps) {
  const create = useCreateLine();
  const [partner, setPartner] = useState<PartnerOption | null>(defaultPartner);
  const {
    field,
    setValue,
    setError,
    submit,
    formState: { errors },
  } = useZodForm(adjustmentForm, {
    defaultValues: { partner_id: defaultPartner?.id, month: defaultMonth, amount: '', description: '' },
  });

  const save = submit(
    async (values) => {
      await create.mutateAsync({
        partner_id: values.partner_id,
        kind: 'adjustment',
        month: values.month,
        amount_cents: values.amount,
        description: values.description,
      });
      toast.success(commissionMessages.lineAdded);
      onClose();
    },
    (error) => {
      const fields = getFieldErrors(error);
      for (const [serverName, name] of Object.entries(formFields)) {
        if (fields[serverName]) setError(name, { message: fields[serverName] });
      }
      toast.error(getServerMessage(error) ?? 'The adjustment could not be added.');
      return undefined;
    },
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add adjustment"
      description="A correction or extra payment on the partner's statement for the month. Use a minus sign to deduct."
      footer={<DialogActions submitLabel="Add adjustment" onCancel={onClose} onSubmit={save} isPending={create.isPending} />}
    >
      <div className="space-y-4">
        <div>
          <PartnerPicker
            label="Partner"
            value={partner}
            onChange={(next) => {
              setPartner(next);
              setValue('partner_id', next?.id);
            }}
            search={searchPartners}
          />
          {errors.partner_id && <p className="mt-1.5 text-sm text-red-600">{errors.partner_id.message}</p>}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Statement month" type="month" {...field('month')} />
          <TextField label="Amount" inputMode="decimal" placeholder="e.g. 25.00 or -10.00" {...field('amount')} />
        </div>
        <TextAreaField
          label="Description"
          maxLength={500}
          hint="The partner sees this on the statement"
          {...field('description')}
        />
      </div>
    </Dialog>
  );
}
