import { useId } from 'react';
import toast from 'react-hot-toast';
import { inviteUserRequest, messages } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select';
import { getServerMessage } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useInviteUser } from '../api/invite-user';

/** Invite a partner or an admin: they get a set-your-password link valid 72 hours. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInviteUser();
  const formId = useId();
  const { register, field, submit, formError, setFormError, reset, setServerErrors, isSubmitting } = useZodForm(
    inviteUserRequest,
    { defaultValues: { full_name: '', email: '', role: 'user', compensation_link: '' } },
  );

  const close = () => {
    reset();
    setFormError(null);
    onClose();
  };

  const onSubmit = submit(
    async (values) => {
      await invite.mutateAsync({ ...values, compensation_link: values.compensation_link || undefined });
      toast.success(`${messages.adminUsers.invited} to ${values.email}`);
      close();
    },
    (error) => (setServerErrors(error, ['email']) ? undefined : (getServerMessage(error) ?? 'Failed to send the invitation')),
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Invite user"
      description="They receive an email with a link to set their password; the link is valid for 72 hours."
      footer={<DialogActions submitLabel="Send invitation" onCancel={close} form={formId} isPending={isSubmitting} />}
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField label="Full name" autoComplete="off" autoFocus {...field('full_name')} />
        <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
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
          {...field('compensation_link')}
        />
      </form>
    </Dialog>
  );
}
