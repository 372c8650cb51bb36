import { useId } from 'react';
import type { z } from 'zod';
import { optionalReasonRequest, reasonRequest } from '@portal/contract';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { useZodForm } from '@/lib/forms/use-zod-form';

type ReasonValues = { reason?: string };

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
  const schema: z.ZodType<ReasonValues, ReasonValues> = isReasonOptional ? optionalReasonRequest : reasonRequest;
  const { field, handleSubmit } = useZodForm(schema, { defaultValues: { reason: '' } });
  const formId = useId();

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      footer={<DialogActions submitLabel={confirmLabel} onCancel={onCancel} form={formId} isPending={isPending} tone={tone} />}
    >
      <form id={formId} noValidate onSubmit={(event) => void handleSubmit((values) => onConfirm(values.reason ?? ''))(event)}>
        <TextAreaField
          label={isReasonOptional ? 'Reason (optional)' : 'Reason'}
          rows={3}
          autoFocus
          maxLength={500}
          {...field('reason')}
        />
      </form>
    </Dialog>
  );
}
