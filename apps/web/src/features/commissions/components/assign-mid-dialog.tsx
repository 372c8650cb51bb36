import { useState } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { assignMidRequest, commissionMessages, formatCents } from '@portal/contract';
import { PartnerPicker, type PartnerOption } from '@/components/partner-picker';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { searchPartners } from '@/lib/api/search-partners';
import { useAssignMid } from '../api/assign-mid';
import { getFieldErrors } from './server-errors';

export interface UnknownMid {
  mid: string;
  business: string | null;
  month: string;
  volume_cents: number;
  net_revenue_cents: number;
}

type AssignMidValues = { partner_id?: number; business: string; approved_on: string };

/** The contract's request less the MID (the row's own); blank business and date are left out. */
const assignMidForm = z.preprocess(
  (values: AssignMidValues) => ({
    ...values,
    business: values.business.trim() || undefined,
    approved_on: values.approved_on || undefined,
  }),
  assignMidRequest.omit({ mid: true }),
);

/** Makes an unknown MID a merchant account of the chosen partner, so its residual is credited. */
export function AssignMidDialog({ row, ...props }: Omit<AssignMidProps, 'row'> & { row: UnknownMid | null }) {
  return row ? <AssignMidForm key={row.mid} row={row} {...props} /> : null;
}

interface AssignMidProps {
  row: UnknownMid;
  currency: string;
  onClose: () => void;
  onAssigned: () => void;
}

function AssignMidForm({ row, currency, onClose, onAssigned }: AssignMidProps) {
  const assign = useAssignMid();
  const [partner, setPartner] = useState<PartnerOption | null>(null);
  const {
    field,
    setValue,
    clearErrors,
    submit,
    formState: { errors },
  } = useZodForm(assignMidForm, { defaultValues: { business: row.business ?? '', approved_on: `${row.month}-01` } });
  const fields = getFieldErrors(assign.error);

  const save = submit(
    async (values) => {
      const message = await assign.mutateAsync({ mid: row.mid, ...values });
      toast.success(message ?? commissionMessages.midAssigned);
      onAssigned();
    },
    (failure) => {
      // The server's field messages show from the mutation's error, below.
      toast.error(getServerMessage(failure) ?? 'The merchant could not be assigned.');
      return undefined;
    },
  );
  const partnerError = errors.partner_id?.message ?? fields.partner_id;
  const businessField = field('business');
  const approvedOnField = field('approved_on');

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Assign MID ${row.mid}`}
      description={`${row.business ?? 'Unknown business'} · volume ${formatCents(row.volume_cents, currency)} · net revenue ${formatCents(row.net_revenue_cents, currency)}`}
      footer={<DialogActions submitLabel="Assign to partner" onCancel={onClose} onSubmit={save} isPending={assign.isPending} />}
    >
      <div className="space-y-4">
        <PartnerPicker
          label="Partner"
          value={partner}
          onChange={(next) => {
            setPartner(next);
            setValue('partner_id', next?.id);
            clearErrors('partner_id');
          }}
          search={searchPartners}
          hint="The merchant account is created for this partner; its residuals are credited to them."
        />
        {partnerError && <p className="text-sm text-red-600">{partnerError}</p>}
        <TextField label="Business name" maxLength={200} {...businessField} error={businessField.error ?? fields.business} />
        <TextField
          label="Approved on"
          type="date"
          hint="Starts the bonus clawback window"
          {...approvedOnField}
          error={approvedOnField.error ?? fields.approved_on}
        />
      </div>
    </Dialog>
  );
}
