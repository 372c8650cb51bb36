import toast from 'react-hot-toast';
import { integrityMessages, reviewNoteRequest } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField } from '@/components/ui/field';
import { getServerMessage } from '@/lib/api/errors';
import { formatDateTime } from '@/lib/format';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useAddReviewNote, useReviewNotes } from '../api/review-notes';

/**
 * On a referral that is under review: the partner may explain it to the reviewer (they are never told
 * why it is under review), and sees the notes they sent.
 */
export function ReviewNoteCard({ leadId }: { leadId: string }) {
  const notes = useReviewNotes(leadId);
  const add = useAddReviewNote(leadId);
  const { field, submit, formError, setServerErrors, reset } = useZodForm(reviewNoteRequest, { defaultValues: { note: '' } });
  const onSubmit = submit(
    async (values) => {
      await add.mutateAsync(values);
      reset({ note: '' });
      toast.success(integrityMessages.reviewNoteSaved);
    },
    (error) => (setServerErrors(error, ['note']) ? undefined : getServerMessage(error)),
  );
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">A note for the reviewer</h2>
      <p className="mt-1 text-sm text-slate-600">
        This referral is under review. Anything that helps us confirm it (how you know the business, who you spoke to) is welcome.
      </p>
      {notes.data && notes.data.items.length > 0 && (
        <ul className="mt-4 space-y-2 text-sm">
          {notes.data.items.map((n, i) => (
            <li key={i} className="rounded-md bg-slate-50 p-3">
              <p className="whitespace-pre-wrap wrap-anywhere text-slate-800">{n.note}</p>
              <p className="mt-1 text-xs text-slate-500">Sent {formatDateTime(n.at)}</p>
            </li>
          ))}
        </ul>
      )}
      <form noValidate className="mt-4 space-y-3" onSubmit={(event) => void onSubmit(event)}>
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextAreaField label="Your note" rows={3} maxLength={2000} {...field('note')} />
        <Button type="submit" isLoading={add.isPending}>
          Send note
        </Button>
      </form>
    </Card>
  );
}
