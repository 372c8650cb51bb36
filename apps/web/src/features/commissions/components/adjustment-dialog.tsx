import { useState } from 'react';
import toast from 'react-hot-toast';
import { commissionMessages, dollarsToCents } from '@portal/contract';
import { PartnerPicker, type PartnerOption } from '@/components/partner-picker';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { getServerMessage } from '@/lib/api/errors';
import { useCreateLine } from '../api/create-line';
import { searchPartners } from '../api/search-partners';
import { getFieldErrors } from './server-errors';

/** A manual adjustment line (positive or negative) for a partner and month; the description is required. */
export function AdjustmentDialog({
  open,
  defaultMonth,
  defaultPartner = null,
  onClose,
}: {
  open: boolean;
  defaultMonth: string;
  defaultPartner?: PartnerOption | null;
  onClose: () => void;
}) {
  if (!open) return null;
  return <AdjustmentForm defaultMonth={defaultMonth} defaultPartner={defaultPartner} onClose={onClose} />;
}

function AdjustmentForm({
  defaultMonth,
  defaultPartner,
  onClose,
}: {
  defaultMonth: string;
  defaultPartner: PartnerOption | null;
  onClose: () => void;
}) {
  const create = useCreateLine();
  const [partner, setPartner] = useState<PartnerOption | null>(defaultPartner);
  const [month, setMonth] = useState(defaultMonth);
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const found: Record<string, string> = {};
    const cents = dollarsToCents(amount);
    if (!partner) found.partner_id = commissionMessages.partnerRequired;
    if (!month) found.month = 'Month is required';
    if (!amount.trim()) found.amount_cents = commissionMessages.amountRequired;
    else if (cents === null) found.amount_cents = commissionMessages.amountInvalid;
    else if (cents === 0) found.amount_cents = commissionMessages.amountNotZero;
    if (!description.trim()) found.description = commissionMessages.descriptionRequired;
    setErrors(found);
    if (Object.keys(found).length > 0 || !partner || cents === null) return;
    try {
      await create.mutateAsync({
        partner_id: partner.id,
        kind: 'adjustment',
        month,
        amount_cents: cents,
        description: description.trim(),
      });
      toast.success(commissionMessages.lineAdded);
      onClose();
    } catch (error) {
      setErrors(getFieldErrors(error));
      toast.error(getServerMessage(error) ?? 'The adjustment could not be added.');
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add adjustment"
      description="A correction or extra payment on the partner's statement for the month. Use a minus sign to deduct."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} isLoading={create.isPending}>
            Add adjustment
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div>
          <PartnerPicker label="Partner" value={partner} onChange={setPartner} search={searchPartners} />
          {errors.partner_id && <p className="mt-1.5 text-sm text-red-600">{errors.partner_id}</p>}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Statement month"
            type="month"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            error={errors.month}
          />
          <TextField
            label="Amount"
            inputMode="decimal"
            placeholder="e.g. 25.00 or -10.00"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={errors.amount_cents}
          />
        </div>
        <TextAreaField
          label="Description"
          maxLength={500}
          hint="The partner sees this on the statement"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={errors.description}
        />
      </div>
    </Dialog>
  );
}
