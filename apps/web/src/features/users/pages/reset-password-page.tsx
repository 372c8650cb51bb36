import { useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { limits, messages, resetPasswordRequest } from '@portal/contract';
import { AlertIcon } from '@/components/icons';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { getServerMessage, hasServerAnswer } from '@/lib/api/errors';
import type { LoginState } from '@/lib/auth/login-state';
import { paths } from '@/lib/paths';
import { useResetPassword } from '../api/reset-password';
import { PasswordStrengthHint } from '../components/password-strength-meter';
import { AuthShell, BackToLoginLink } from '../components/auth-shell';
import { useZodForm } from '@/lib/forms/use-zod-form';

const m = messages.resetPassword;

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  // An invitation's link (…&invite=1) sets the first password: same screen, titled for it.
  const isInvite = searchParams.get('invite') === '1';
  if (!token) return <InvalidResetLink />;
  return <ResetPasswordForm token={token} isInvite={isInvite} />;
}

function InvalidResetLink() {
  return (
    <AuthShell title={m.invalidTitle}>
      <div className="space-y-6">
        <div className="flex gap-3 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          <AlertIcon className="mt-0.5 size-5 shrink-0 text-red-500" />
          <p>{m.invalidBody}</p>
        </div>
        <Link to={paths.forgotPassword} className={buttonClasses('primary', 'md', 'w-full')}>
          Request a new link
        </Link>
      </div>
    </AuthShell>
  );
}

function ResetPasswordForm({ token, isInvite }: { token: string; isInvite: boolean }) {
  const navigate = useNavigate();
  const resetMutation = useResetPassword();
  const {
    field,
    submit,
    formError,
    control,
    isSubmitting,
    formState: { errors },
  } = useZodForm(resetPasswordRequest, { defaultValues: { token, new_password: '', confirm_new_password: '' } });
  const password = useWatch({ control, name: 'new_password' });

  const onSubmit = submit(
    async (values) => {
      await resetMutation.mutateAsync(values);
      toast.success(isInvite ? m.firstPasswordDone : m.successToast);
      const state: LoginState = { message: isInvite ? m.firstPasswordDone : m.successState };
      await navigate(paths.login, { replace: true, state });
    },
    (error) => (hasServerAnswer(error) ? (getServerMessage(error) ?? m.failed) : m.unexpected),
  );

  return (
    <AuthShell
      title={isInvite ? m.firstPasswordTitle : 'Choose a new password'}
      description={
        isInvite
          ? `Welcome! Choose the password you will sign in with (at least ${limits.passwordMinLength} characters).`
          : `Use at least ${limits.passwordMinLength} characters.`
      }
      footer={<BackToLoginLink />}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        {errors.token?.message && <Alert tone="error">{errors.token.message}</Alert>}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          hint={<PasswordStrengthHint password={password} />}
          {...field('new_password')}
        />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" {...field('confirm_new_password')} />
        <Button type="submit" className="w-full" isLoading={isSubmitting}>
          {isSubmitting ? 'Saving…' : isInvite ? 'Set password' : 'Reset password'}
        </Button>
      </form>
    </AuthShell>
  );
}
