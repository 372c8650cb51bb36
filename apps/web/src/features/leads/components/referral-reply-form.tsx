import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { leadAttachmentMaxBytes, leadReplyMax, leadReplyMessageField, leadReplyMessages } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { SubmitRow } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { getServerFieldErrors, getServerMessage } from '@/lib/api/errors';
import { useReplyToLead } from '../api/reply-to-lead';

const m = leadReplyMessages;
/** The resource library's file types (the server checks the bytes, this only narrows the picker). */
const accept = '.pdf,.png,.jpg,.jpeg,.gif,.webp,application/pdf,image/png,image/jpeg,image/gif,image/webp';

/**
 * The partner's reply on their referral (issue 23 §3): a message and at most one file; the admins
 * read it in the lead's timeline and get a mail. Replies show in the timeline beside it.
 */
export function ReferralReplyForm({ leadId }: { leadId: string }) {
  const reply = useReplyToLead();
  const fileInput = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ message?: string; file?: string; form?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = leadReplyMessageField.safeParse(message);
    const next: typeof errors = {};
    if (!checked.success) next.message = checked.error.issues[0]?.message ?? m.messageRequired;
    if (file && file.size > leadAttachmentMaxBytes) next.file = m.attachmentTooLarge;
    setErrors(next);
    if (next.message || next.file || !checked.success) return;
    try {
      await reply.mutateAsync({ id: leadId, message: checked.data, file });
      toast.success(m.sent);
      setMessage('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      const fields = getServerFieldErrors(error);
      if (fields.message || fields.file) setErrors({ message: fields.message, file: fields.file });
      else setErrors({ form: getServerMessage(error) ?? 'Your reply could not be sent. Please try again.' });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3" aria-label="Reply">
      {errors.form && <Alert tone="error">{errors.form}</Alert>}
      <TextAreaField
        label="Reply or add information"
        rows={3}
        maxLength={leadReplyMax}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        error={errors.message}
        hint="Our team reads it with this referral."
      />
      <div className="space-y-1.5">
        <label htmlFor="reply-file" className="block text-sm font-medium text-slate-700">
          Attachment (optional)
        </label>
        <input
          ref={fileInput}
          id="reply-file"
          type="file"
          accept={accept}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={errors.file ? 'reply-file-error' : 'reply-file-hint'}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="block w-full max-w-full text-sm text-slate-700 file:mr-3 file:min-h-10 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50"
        />
        {errors.file ? (
          <p id="reply-file-error" className="text-sm text-red-600">
            {errors.file}
          </p>
        ) : (
          <p id="reply-file-hint" className="text-xs text-slate-500">
            One PDF or image (PNG, JPEG, GIF, WebP), up to 10 MB.
          </p>
        )}
      </div>
      <SubmitRow isPending={reply.isPending}>Send reply</SubmitRow>
    </form>
  );
}
