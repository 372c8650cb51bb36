import { useState } from 'react';
import axios from 'axios';
import toast from 'react-hot-toast';
import { messages, updateUserRequest, type AdminUserDetail } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextAreaField, TextField } from '@/components/ui/field';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useUpdateUser } from '../api/update-user';

/** Name, email, compensation link, internal note and Pixel ID; the uuid is not editable. */
export function ProfileForm({ user }: { user: AdminUserDetail }) {
  const update = useUpdateUser(user.id);
  const [formError, setFormError] = useState<string | null>(null);
  const schema = updateUserRequest.required({ full_name: true, email: true });
  const {
    field,
    handleSubmit,
    setError,
    setValue,
    reset,
    isSubmitting,
    formState: { isDirty },
  } = useZodForm(schema, {
    defaultValues: {
      full_name: user.full_name,
      email: user.email,
      compensation_link: user.compensation_link ?? '',
      notes_internal: user.notes_internal,
      facebook_pixel_id: user.facebook_pixel_id,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await update.mutateAsync(values);
      toast.success(messages.adminUsers.updated);
      reset(values);
    } catch (error) {
      const fieldErrors = axios.isAxiosError<{ errors?: Record<string, string> }>(error)
        ? error.response?.data?.errors
        : undefined;
      if (fieldErrors?.email) setError('email', { message: fieldErrors.email }, { shouldFocus: true });
      else if (fieldErrors?.compensation_link) setError('compensation_link', { message: fieldErrors.compensation_link });
      else setFormError(getServerMessage(error) ?? 'Failed to save');
    }
  });

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby="profile-title">
        <div className="space-y-4 p-5">
          <h2 id="profile-title" className="text-base font-semibold text-slate-900">
            Profile
          </h2>
          {formError && <Alert tone="error">{formError}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Full name" {...field('full_name')} />
            <TextField label="Email" type="email" hint="Both addresses are told of a change." {...field('email')} />
          </div>
          <TextField
            label="Compensation link"
            type="url"
            placeholder="https://"
            hint="Opens from the partner's My Commissions. https only."
            {...field('compensation_link')}
          />
          <div className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <TextField label="Facebook Pixel ID" inputMode="numeric" {...field('facebook_pixel_id')} />
            </div>
            <Button variant="secondary" onClick={() => setValue('facebook_pixel_id', '', { shouldDirty: true })}>
              Clear
            </Button>
          </div>
          <TextAreaField label="Internal note" rows={3} hint="Only admins see this." {...field('notes_internal')} />
        </div>
        <div className="flex justify-end rounded-b-xl border-t border-slate-200 bg-slate-50 px-5 py-3">
          <Button type="submit" isLoading={isSubmitting} disabled={!isDirty}>
            Save Changes
          </Button>
        </div>
      </form>
    </Card>
  );
}
