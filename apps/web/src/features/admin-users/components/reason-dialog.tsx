import { useId, useState } from 'react';
import { messages } from '@portal/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  isReasonOptional?: boolean;
  isPending?: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** A confirmation that asks why (disable, enable): the reason goes to the audit log. */
export function ReasonDialog(props: ReasonDialogProps) {
  // Mounted on open, so every opening starts with an empty reason.
  return props.open ? <ReasonDialogBody {...props} /> : null;
}

function ReasonDialogBody({
  open,
  title,
  description,
  confirmLabel,
  tone = 'primary',
  isReasonOptional,
  isPending,
  onConfirm,
  onCancel,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const formId = useId();

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={tone === 'danger' ? 'danger-solid' : 'primary'} isLoading={isPending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!isReasonOptional && !reason.trim()) {
            setError(messages.adminUsers.reasonRequired);
            return;
          }
          onConfirm(reason.trim());
        }}
      >
        <TextAreaField
          label={isReasonOptional ? 'Reason (optional)' : 'Reason'}
          rows={3}
          autoFocus
          value={reason}
          maxLength={500}
          error={error ?? undefined}
          onChange={(event) => setReason(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
