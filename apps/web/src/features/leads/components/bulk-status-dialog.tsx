import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { bulkStatusMax, leadNoteMax, leadStatuses, leadStatusLabels, pipelineMessages, reasonsFor } from '@portal/contract';
import { CheckCircleIcon, AlertIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { ReasonField } from './reason-field';
import { CheckboxField } from '@/components/ui/switch';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { emptyStatusMove, statusMoveForm } from './status-move-form';
import { useBulkChangeStatus } from '../api/bulk-change-status';

// Approving needs a MID per merchant, so it is done one lead at a time.
const targets = leadStatuses.filter((status) => status !== 'approved' && status !== 'new');

interface BulkStatusDialogProps {
  open: boolean;
  onClose: () => void;
  /** The selected leads: id and business name (for the results). */
  leads: { id: string; business: string }[];
  onDone: () => void;
}

/** One move for many selected leads; each is checked on its own and its result listed. */
export function BulkStatusDialog({ open, onClose, leads: selectedLeads, onDone }: BulkStatusDialogProps) {
  // The selection clears once the moves are done; the results still name these leads.
  const [leads] = useState(selectedLeads);
  const bulk = useBulkChangeStatus();
  const [results, setResults] = useState<{ id: string; ok: boolean; message?: string }[] | null>(null);
  const {
    register,
    field,
    submit,
    formError,
    control,
    setValue,
    isSubmitting,
    formState: { errors },
  } = useZodForm(statusMoveForm, { defaultValues: emptyStatusMove });
  const target = useWatch({ control, name: 'status' });
  const isVisible = useWatch({ control, name: 'visible' });
  const reasons = target ? reasonsFor(target) : null;
  const names = new Map(leads.map((lead) => [lead.id, lead.business]));
  const isTooMany = leads.length > bulkStatusMax;

  const onSubmit = submit(
    async (values) => {
      const answer = await bulk.mutateAsync({
        lead_ids: leads.map((lead) => lead.id),
        status: values.status,
        ...(reasonsFor(values.status) ? { reason: values.reason } : {}),
        ...(values.note.trim() ? { note: values.note.trim(), note_visible_to_partner: values.visible } : {}),
      });
      setResults(answer.results);
      onDone();
    },
    (error) => getServerMessage(error) ?? 'The statuses could not be changed. Please try again.',
  );

  const moved = results?.filter((result) => result.ok).length ?? 0;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={results ? 'Status change results' : `Change status of ${leads.length} referrals`}
      footer={
        results ? (
          <Button onClick={onClose}>Close</Button>
        ) : (
          <DialogActions
            submitLabel={isSubmitting ? 'Saving…' : 'Apply to all'}
            onCancel={onClose}
            form="bulk-status-form"
            isPending={isSubmitting}
            submitDisabled={isTooMany}
          />
        )
      }
    >
      {results ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-700" role="status">
            {moved} of {results.length} moved.
          </p>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Results">
            {results.map((result) => (
              <li key={result.id} className="flex items-start gap-2 px-3 py-2 text-sm">
                {result.ok ? (
                  <CheckCircleIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-label="Moved" />
                ) : (
                  <AlertIcon className="mt-0.5 size-4 shrink-0 text-red-600" aria-label="Not moved" />
                )}
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">{names.get(result.id) ?? result.id}</span>
                  {!result.ok && <span className="block text-red-700">{result.message ?? 'Not moved'}</span>}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <form id="bulk-status-form" noValidate onSubmit={onSubmit} className="space-y-4">
          {isTooMany && <Alert tone="error">{pipelineMessages.bulkTooMany}</Alert>}
          {formError && <Alert tone="error">{formError}</Alert>}
          <SelectField
            label="New status"
            placeholder="Choose…"
            options={targets.map((status) => ({ value: status, label: leadStatusLabels[status] }))}
            hint="Approved merchant is set one referral at a time: each needs its own MID."
            error={errors.status?.message}
            {...register('status', { onChange: () => setValue('reason', '') })}
          />
          {reasons && <ReasonField reasons={reasons} {...field('reason')} />}
          <TextAreaField label="Note (optional)" rows={3} maxLength={leadNoteMax} {...field('note')} />
          <CheckboxField label="Visible to partner" checked={isVisible} onChange={(checked) => setValue('visible', checked)} />
        </form>
      )}
    </Dialog>
  );
}
