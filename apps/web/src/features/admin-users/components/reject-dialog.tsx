import { useState } from 'react';
import { rejectionReasons, type RejectRequest } from '@portal/contract';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';

export function RejectDialog({
  open,
  isPending,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: (body: RejectRequest) => void;
}) {
  const [reason, setReason] = useState<RejectRequest['reason'] | ''>('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Reject application"
      description="The applicant is emailed the reason and your message; the account stays closed."
      footer={
        <DialogActions
          submitLabel="Reject"
          tone="danger"
          onCancel={onCancel}
          isPending={isPending}
          onSubmit={() => {
            if (!reason) return setError('Please choose a reason');
            onConfirm({ reason, ...(message.trim() ? { message: message.trim() } : {}) });
          }}
        />
      }
    >
      <div className="space-y-4">
        <SelectField
          label="Reason"
          placeholder="Choose…"
          options={Object.entries(rejectionReasons).map(([value, label]) => ({ value, label }))}
          value={reason}
          error={error ?? undefined}
          onChange={(event) => {
            setReason(event.target.value as RejectRequest['reason']);
            setError(null);
          }}
        />
        <TextAreaField
          label="Message (optional)"
          rows={3}
          maxLength={255}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
    </Dialog>
  );
}
