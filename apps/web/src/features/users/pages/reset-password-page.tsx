import type { ReactNode } from 'react';
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
import { homeFor, paths } from '@/lib/paths';
import { PageSpinner } from '@/components/ui/spinner';
import { useLinkStatus, useRenewInvitation, useResetPassword } from '../api/reset-password';
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
  return <CheckedResetLink token={token} isInvite={isInvite} />;
}

/** Issue 23 §6: a used or expired invitation says so before anyone types a password into it. */
function CheckedResetLink({ token, isInvite }: { token: string; isInvite: boolean }) {
  const status = useLinkStatus(token);
  if (status.isPending) return <PageSpinner fullScreen />;
  // The check failing is no reason to refuse the form: the server checks the token again on submit.
  const link = status.data;
  if (link?.state === 'used' && link.purpose === 'invite') return <UsedInvitation />;
  if (link && link.state !== 'valid' && link.can_request_invite) return <ExpiredInvitation token={token} />;
  // A password reset link keeps the spec's screen: the fields, and the server's message on submit.
  return <ResetPasswordForm token={token} isInvite={isInvite || link?.purpose === 'invite'} />;
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="flex gap-3 rounded-lg bg-amber-50 p-4 text-sm text-amber-900">
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-500" />
      <p>{children}</p>
    </div>
  );
}

function UsedInvitation() {
  return (
    <AuthShell title={m.inviteUsedTitle}>
      <div className="space-y-4">
        <Notice>{m.inviteUsedBody}</Notice>
        <Link to={paths.login} className={buttonClasses('primary', 'md', 'w-full')}>
          Sign in
        </Link>
        <Link to={paths.forgotPassword} className={buttonClasses('secondary', 'md', 'w-full')}>
          Forgot your password?
        </Link>
      </div>
    </AuthShell>
  );
}

function ExpiredInvitation({ token }: { token: string }) {
  const renew = useRenewInvitation();
  return (
    <AuthShell title={m.inviteExpiredTitle} footer={<BackToLoginLink />}>
      <div className="space-y-4">
        {renew.isSuccess ? (
          <Alert tone="success">{m.inviteRenewed}</Alert>
        ) : (
          <>
            <Notice>{m.inviteExpiredBody}</Notice>
            {renew.isError && <Alert tone="error">{getServerMessage(renew.error) ?? m.unexpected}</Alert>}
            <Button className="w-full" isLoading={renew.isPending} onClick={() => renew.mutate(token)}>
              Send me a new invitation
            </Button>
          </>
        )}
      </div>
    </AuthShell>
  );
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
        <Link to={paths.login} className={buttonClasses('secondary', 'md', 'w-full')}>
          Sign in
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
      const session = await resetMutation.mutateAsync(values);
      // An invitation's first password signed the person in: the guest guard takes them home.
      if (session) {
        toast.success(m.firstPasswordSignedIn);
        await navigate(homeFor(session.user.role), { replace: true });
        return;
      }
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
