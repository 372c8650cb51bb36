import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordRequest, messages } from '@portal/contract';
import { MailIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { getServerMessage, hasServerAnswer } from '@/lib/api/errors';
import { paths } from '@/lib/paths';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthShell, BackToLoginLink } from '../components/auth-shell';
import { useZodForm } from '@/lib/forms/use-zod-form';

const m = messages.forgotPassword;

export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const [isSent, setIsSent] = useState(false);
  const { field, submit, formError, isSubmitting } = useZodForm(forgotPasswordRequest, { defaultValues: { email: '' } });

  const onSubmit = submit(
    async (values) => {
      await requestReset.mutateAsync(values);
      setIsSent(true);
    },
    // spec §8: a non-success answer shows its message; no answer at all is unexpected.
    (error) => (hasServerAnswer(error) ? (getServerMessage(error) ?? m.failed) : m.unexpected),
  );

  if (isSent) {
    return (
      <AuthShell title={m.sentTitle}>
        <div className="space-y-6">
          <div className="flex gap-3 rounded-lg bg-brand-50 p-4 text-sm text-brand-800" role="status">
            <MailIcon className="mt-0.5 size-5 shrink-0 text-brand-600" />
            <p>{m.sentBody}</p>
          </div>
          <Link to={paths.login} className={buttonClasses('secondary', 'md', 'w-full')}>
            Back to login
          </Link>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Forgot your password?"
      description="Enter the email you sign in with and we'll send you a link to choose a new password."
      footer={<BackToLoginLink />}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" autoFocus {...field('email')} />
        <Button type="submit" className="w-full" isLoading={isSubmitting}>
          {isSubmitting ? 'Sending…' : m.button}
        </Button>
      </form>
    </AuthShell>
  );
}
