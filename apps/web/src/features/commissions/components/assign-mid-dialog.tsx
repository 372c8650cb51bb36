import { useState } from 'react';
import toast from 'react-hot-toast';
import { commissionMessages, formatCents } from '@portal/contract';
import { PartnerPicker, type PartnerOption } from '@/components/partner-picker';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { getServerMessage } from '@/lib/api/errors';
import { searchPartners } from '../api/search-partners';
import { useAssignMid } from '../api/assign-mid';
import { getFieldErrors } from './server-errors';

export interface UnknownMid {
  mid: string;
  business: string | null;
  month: string;
  volume_cents: number;
  net_revenue_cents: number;
}

/** Makes an unknown MID a merchant account of the chosen partner, so its residual is credited. */
export function AssignMidDialog({
  row,
  currency,
  onClose,
  onAssigned,
}: {
  row: UnknownMid | null;
  currency: string;
  onClose: () => void;
  onAssigned: () => void;
}) {
  return row ? <AssignMidForm key={row.mid} row={row} currency={currency} onClose={onClose} onAssigned={onAssigned} /> : null;
}

function AssignMidForm({
  row,
  currency,
  onClose,
  onAssigned,
}: {
  row: UnknownMid;
  currency: string;
  onClose: () => void;
  onAssigned: () => void;
}) {
  const assign = useAssignMid();
  const [partner, setPartner] = useState<PartnerOption | null>(null);
  const [business, setBusiness] = useState(row.business ?? '');
  const [approvedOn, setApprovedOn] = useState(`${row.month}-01`);
  const [error, setError] = useState<string | undefined>();
  const fields = getFieldErrors(assign.error);

  const submit = async () => {
    if (!partner) {
      setError(commissionMessages.partnerRequired);
      return;
    }
    try {
      const message = await assign.mutateAsync({
        mid: row.mid,
        partner_id: partner.id,
        business: business.trim() || undefined,
        approved_on: approvedOn || undefined,
      });
      toast.success(message ?? commissionMessages.midAssigned);
      onAssigned();
    } catch (failure) {
      toast.error(getServerMessage(failure) ?? 'The merchant could not be assigned.');
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Assign MID ${row.mid}`}
      description={`${row.business ?? 'Unknown business'} · volume ${formatCents(row.volume_cents, currency)} · net revenue ${formatCents(row.net_revenue_cents, currency)}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} isLoading={assign.isPending}>
            Assign to partner
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <PartnerPicker
          label="Partner"
          value={partner}
          onChange={(next) => {
            setPartner(next);
            setError(undefined);
          }}
          search={searchPartners}
          hint="The merchant account is created for this partner; its residuals are credited to them."
        />
        {(error ?? fields.partner_id) && <p className="text-sm text-red-600">{error ?? fields.partner_id}</p>}
        <TextField
          label="Business name"
          value={business}
          maxLength={200}
          onChange={(event) => setBusiness(event.target.value)}
          error={fields.business}
        />
        <TextField
          label="Approved on"
          type="date"
          value={approvedOn}
          onChange={(event) => setApprovedOn(event.target.value)}
          hint="Starts the bonus clawback window"
          error={fields.approved_on}
        />
      </div>
    </Dialog>
  );
}
