import toast from 'react-hot-toast';
import { pipelineMessages, type AdminLeadDetail } from '@portal/contract';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select';
import { tryOrToast } from '@/lib/api/errors';
import { useAuthStore } from '@/lib/auth/auth-store';
import { useLeadOwners, useSetLeadOwner } from '../api/set-lead-owner';

/** The admin responsible for the lead: chosen from the active admins, or "Take it" in one click. */
export function OwnerPicker({ lead }: { lead: AdminLeadDetail }) {
  const me = useAuthStore((s) => s.user);
  const owners = useLeadOwners();
  const setOwner = useSetLeadOwner();
  const save = async (ownerId: number | null) => {
    await tryOrToast(async () => {
      await setOwner.mutateAsync({ id: lead.id, owner_id: ownerId });
      toast.success(pipelineMessages.ownerUpdated);
    }, 'The owner could not be changed');
  };
  const options = (owners.data ?? (lead.owner ? [lead.owner] : [])).map((o) => ({ value: String(o.id), label: o.name }));
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="sm:flex-1">
        <SelectField
          label="Admin responsible"
          placeholder="Nobody"
          options={options}
          value={lead.owner ? String(lead.owner.id) : ''}
          disabled={setOwner.isPending}
          onChange={(event) => void save(event.target.value ? Number(event.target.value) : null)}
        />
      </div>
      {me && lead.owner?.id !== me.id && (
        <Button variant="secondary" onClick={() => void save(me.id)} isLoading={setOwner.isPending}>
          Take it
        </Button>
      )}
    </div>
  );
}
