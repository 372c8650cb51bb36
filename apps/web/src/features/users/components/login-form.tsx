import { Link, useLocation } from 'react-router';
import { loginRequest, messages, type LoginChallenge } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { getServerMessage } from '@/lib/api/errors';
import { useAuthStore, type SignOutReason } from '@/lib/auth/auth-store';
import { readLoginState } from '@/lib/auth/login-state';
import { paths } from '@/lib/paths';
import { isLoginChallenge, useLogin } from '../api/login';
import { AuthModeSwitch, authLinkClasses } from './auth-shell';
import { useZodForm } from '@/lib/forms/use-zod-form';

/** Why the last session ended, said on /login instead of a bare form (an explicit logout says nothing here). */
function signedOutNotice(reason: SignOutReason | null): string | null {
  if (reason === 'inactivity') return messages.auth.signedOutInactive;
  if (reason === 'expired') return messages.auth.sessionEnded;
  return null;
}

interface LoginFormProps {
  onCreateAccount?: () => void;
  /** The password was right and the account asks for a second factor. */
  onChallenge: (challenge: LoginChallenge) => void;
  /** Why the form is shown again (a code step that timed out). */
  notice?: string | null;
}

export function LoginForm({ onCreateAccount, onChallenge, notice: restartNotice }: LoginFormProps) {
  const location = useLocation();
  const { message: stateMessage } = readLoginState(location.state);
  const signOutReason = useAuthStore((s) => s.signOutReason);
  const signedOut = stateMessage ? null : signedOutNotice(signOutReason);
  const notice = stateMessage;
  const loginMutation = useLogin();
  const { field, submit, formError, isSubmitting } = useZodForm(loginRequest, { defaultValues: { email: '', password: '' } });

  // On success the guest guard sends the user on (remembered page or home), so nothing to do here.
  const onSubmit = submit(
    async (values) => {
      const result = await loginMutation.mutateAsync(values);
      if (isLoginChallenge(result)) onChallenge(result);
    },
    (error) => getServerMessage(error) ?? messages.auth.loginFailed,
  );

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {notice && <Alert tone="success">{notice}</Alert>}
        {signedOut && !restartNotice && <Alert tone="info">{signedOut}</Alert>}
        {restartNotice && <Alert tone="info">{restartNotice}</Alert>}
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" autoFocus {...field('email')} />
        <div className="space-y-1.5">
          <TextField label="Password" type="password" autoComplete="current-password" {...field('password')} />
          <div className="flex justify-end">
            <Link to={paths.forgotPassword} className={`text-sm ${authLinkClasses}`}>
              Forgot password?
            </Link>
          </div>
        </div>
        <Button type="submit" className="w-full" isLoading={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      {onCreateAccount && (
        <AuthModeSwitch prompt="New partner?" action="Create an account" onSwitch={onCreateAccount} disabled={isSubmitting} />
      )}
    </>
  );
}
