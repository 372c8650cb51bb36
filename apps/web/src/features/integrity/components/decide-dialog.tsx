import { useId } from 'react';
import { z } from 'zod';
import {
  conflictDecisionLabels,
  conflictDecisionRequest,
  conflictDecisions,
  integrityMessages as m,
  type Conflict,
} from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { TextAreaField, TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useDecideConflict } from '../api/decide-conflict';

/** The contract's decision, with the share typed as text in its field. */
const formSchema = conflictDecisionRequest.extend({
  first_share_pct: z.coerce.number({ error: m.shareRange }).int(m.shareRange).min(1, m.shareRange).max(99, m.shareRange),
});

interface DecideDialogProps {
  conflict: Conflict | null;
  onClose: () => void;
}

/** Award, split or reject both, with the reason that goes to the audit log. */
export function DecideDialog(props: DecideDialogProps) {
  // Mounted per conflict, so each opening starts empty.
  return props.conflict ? <DecideDialogBody key={props.conflict.id} conflict={props.conflict} onClose={props.onClose} /> : null;
}

function DecideDialogBody({ conflict, onClose }: { conflict: Conflict; onClose: () => void }) {
  const decide = useDecideConflict();
  const formId = useId();
  const { field, watch, submit, formError, setServerErrors } = useZodForm(formSchema, {
    defaultValues: {
      decision: conflict.suggested === 'second' ? 'award_second' : 'award_first',
      reason: '',
      first_share_pct: 50,
    },
  });
  const decision = watch('decision');
  const options = conflictDecisions.map((value) => ({ value, label: conflictDecisionLabels[value] }));
  const onSubmit = submit(
    async (values) => {
      await decide.mutateAsync({
        id: conflict.id,
        ...values,
        ...(values.decision === 'split' ? {} : { first_share_pct: undefined }),
      });
      onClose();
    },
    (error) => (setServerErrors(error, ['decision', 'reason', 'first_share_pct']) ? undefined : getServerMessage(error)),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title="Decide this conflict"
      description="Both partners are mailed neutral words; neither learns who the other is."
      footer={<DialogActions submitLabel="Save decision" onCancel={onClose} form={formId} isPending={decide.isPending} />}
    >
      <form id={formId} noValidate className="space-y-4" onSubmit={(event) => void onSubmit(event)}>
        {formError && <Alert tone="error">{formError}</Alert>}
        <SelectField label="Decision" options={options} {...field('decision')} />
        {decision === 'split' && (
          <TextField
            label={`First referral's share (%) — ${conflict.first.partner?.name ?? 'first partner'}`}
            type="number"
            inputMode="numeric"
            min={1}
            max={99}
            hint="The second referral's partner gets the rest."
            {...field('first_share_pct')}
          />
        )}
        <TextAreaField label="Reason" rows={3} maxLength={1000} {...field('reason')} />
      </form>
    </Dialog>
  );
}
