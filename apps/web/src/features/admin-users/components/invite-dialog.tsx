import { useId, useState } from 'react';
import axios from 'axios';
import toast from 'react-hot-toast';
import { inviteUserRequest, messages } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useInviteUser } from '../api/admin-users';

/** Invite a partner or an admin: they get a set-your-password link valid 72 hours. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInviteUser();
  const formId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(inviteUserRequest, { defaultValues: { full_name: '', email: '', role: 'user', compensation_link: '' } });

  const close = () => {
    reset();
    setFormError(null);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await invite.mutateAsync({ ...values, compensation_link: values.compensation_link || undefined });
      toast.success(`${messages.adminUsers.invited} to ${values.email}`);
      close();
    } catch (error) {
      const fieldErrors = axios.isAxiosError<{ errors?: Record<string, string> }>(error)
        ? error.response?.data?.errors
        : undefined;
      if (fieldErrors?.email) setError('email', { message: fieldErrors.email }, { shouldFocus: true });
      else setFormError(getServerMessage(error) ?? 'Failed to send the invitation');
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Invite user"
      description="They receive an email with a link to set their password; the link is valid for 72 hours."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={isSubmitting}>
            Send invitation
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField label="Full name" autoComplete="off" autoFocus error={errors.full_name?.message} {...register('full_name')} />
        <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <SelectField
          label="Role"
          options={[
            { value: 'user', label: 'Partner' },
            { value: 'admin', label: 'Admin' },
          ]}
          {...register('role')}
        />
        <TextField
          label="Compensation link (optional)"
          type="url"
          placeholder="https://"
          hint="Opens from the partner's My Commissions. https only."
          error={errors.compensation_link?.message}
          {...register('compensation_link')}
        />
      </form>
    </Dialog>
  );
}
