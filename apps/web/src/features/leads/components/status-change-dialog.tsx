import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import axios from 'axios';
import {
  leadNoteMax,
  leadStatusLabels,
  pipelineMessages,
  reasonsFor,
  type AdminLeadDetail,
  type LeadStatus,
} from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { LeadStatusBadge } from '@/components/ui/badge';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { ReasonField } from './reason-field';
import { CheckboxField } from '@/components/ui/switch';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { emptyStatusMove, statusMoveForm } from './status-move-form';
import { useChangeLeadStatus } from '../api/change-lead-status';

/**
 * Moves one lead. It asks exactly what the target needs: the MID for Approved merchant, a reason
 * for Closed or Not qualified (and a note when the reason is Other); any move may carry a note,
 * internal or visible to the partner. A 409 reloads the lead and says so here.
 */
export function StatusChangeDialog({
  lead,
  open,
  onClose,
  initialStatus,
  expectedStatus = lead.status,
}: {
  lead: AdminLeadDetail;
  open: boolean;
  onClose: () => void;
  /** The target chosen before the dialog opened (a card dropped on a board column). */
  initialStatus?: LeadStatus;
  /** The status the admin saw (a board card's column): a lead moved since answers 409, as in the table. */
  expectedStatus?: LeadStatus;
}) {
  const changeStatus = useChangeLeadStatus();
  const {
    register,
    field,
    submit,
    formError,
    setFormError,
    control,
    setServerErrors,
    setValue,
    isSubmitting,
    formState: { errors },
  } = useZodForm(statusMoveForm, {
    defaultValues: {
      ...emptyStatusMove,
      status: initialStatus && lead.allowed_moves.includes(initialStatus) ? initialStatus : emptyStatusMove.status,
    },
  });

  const target = useWatch({ control, name: 'status' });
  const reason = useWatch({ control, name: 'reason' });
  const isVisible = useWatch({ control, name: 'visible' });
  const reasons = target ? reasonsFor(target) : null;
  const isNoteRequired = Boolean(reasons) && reason === 'other';
  const options = lead.allowed_moves.map((status) => ({ value: status, label: leadStatusLabels[status] }));

  const onSubmit = submit(
    async ({ status, ...values }) => {
      await changeStatus.mutateAsync({
        id: lead.id,
        status,
        expected_status: expectedStatus,
        ...(status === 'approved' ? { mid: values.mid.trim() } : {}),
        ...(reasonsFor(status) ? { reason: values.reason } : {}),
        ...(values.note.trim() ? { note: values.note.trim(), note_visible_to_partner: values.visible } : {}),
      });
      toast.success(pipelineMessages.statusUpdated);
      onClose();
    },
    (error) => {
      // The lead was reloaded: the old choice may no longer be a move from its new status.
      if (axios.isAxiosError(error) && error.response?.status === 409) setValue('status', '');
      return setServerErrors(error, ['mid', 'reason', 'note', 'status'])
        ? undefined
        : (getServerMessage(error) ?? 'The status could not be changed. Please try again.');
    },
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Change status"
      description={
        <span className="inline-flex flex-wrap items-center gap-1.5">
          {lead.business} is <LeadStatusBadge status={lead.status} />
        </span>
      }
      footer={
        <DialogActions
          submitLabel={isSubmitting ? 'Saving…' : 'Save status'}
          onCancel={onClose}
          form="status-change-form"
          isPending={isSubmitting}
          submitDisabled={options.length === 0}
        />
      }
    >
      <form id="status-change-form" noValidate onSubmit={onSubmit} className="space-y-4">
        {formError && <Alert tone="error">{formError}</Alert>}
        {options.length === 0 ? (
          <Alert tone="info">{leadStatusLabels[lead.status]} is a final status: it cannot be changed.</Alert>
        ) : (
          <>
            <SelectField
              label="New status"
              placeholder="Choose…"
              options={options}
              error={errors.status?.message}
              {...register('status', {
                onChange: () => {
                  setFormError(null);
                  setValue('reason', '');
                },
              })}
            />
            {target === 'approved' && <TextField label="Merchant ID (MID)" autoComplete="off" {...field('mid')} />}
            {reasons && <ReasonField reasons={reasons} {...field('reason')} />}
            <TextAreaField
              label={isNoteRequired ? 'Note (required)' : 'Note (optional)'}
              rows={3}
              maxLength={leadNoteMax}
              hint={`Up to ${leadNoteMax} characters.`}
              {...field('note')}
            />
            <CheckboxField
              label="Visible to partner"
              hint="The partner sees the note on their referral and in the email."
              checked={isVisible}
              onChange={(checked) => setValue('visible', checked)}
            />
          </>
        )}
      </form>
    </Dialog>
  );
}
