import axios from 'axios';
import { useWatch } from 'react-hook-form';
import { messages, registerRequest } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { getServerMessage } from '@/lib/api/errors';
import { useRegister } from '../api/register';
import { AuthModeSwitch } from './auth-shell';
import { PasswordStrengthHint } from './password-strength-meter';
import { useZodForm } from '@/lib/forms/use-zod-form';

/** A 409 is one failure the partner can fix here: the email already has an account. */
const isEmailTaken = (error: unknown) => axios.isAxiosError(error) && error.response?.status === 409;
/** The other: the server refused the password (too common), naming the field. */
const passwordProblem = (error: unknown): string | undefined =>
  axios.isAxiosError<{ errors?: Record<string, string> }>(error) && error.response?.status === 400
    ? error.response.data?.errors?.password
    : undefined;

/** With `recruitToken` (a `/join/{token}` link, issue 21) the new partner joins the recruiter's team. */
export function RegisterForm({ onSignIn, recruitToken }: { onSignIn: () => void; recruitToken?: string }) {
  const registerMutation = useRegister();
  const { field, submit, formError, setError, control, isSubmitting } = useZodForm(registerRequest, {
    defaultValues: { full_name: '', email: '', password: '', confirm_password: '' },
  });
  const password = useWatch({ control, name: 'password' });

  // On success the session is stored and the guest guard sends the partner on, as after login.
  const onSubmit = submit(
    (values) => registerMutation.mutateAsync(recruitToken ? { ...values, recruit_token: recruitToken } : values),
    (error) => {
      const refusedPassword = passwordProblem(error);
      if (isEmailTaken(error)) {
        setError('email', { message: getServerMessage(error) ?? messages.auth.emailTaken }, { shouldFocus: true });
      } else if (refusedPassword) {
        setError('password', { message: refusedPassword }, { shouldFocus: true });
      } else if (axios.isAxiosError(error) && error.response?.status === 422 && recruitToken) {
        // The recruit link stopped working (recruiting turned off, or the team is full): the server says why.
        return getServerMessage(error) ?? messages.auth.registrationFailed;
      } else if (axios.isAxiosError(error) && error.response?.status === 403) {
        // Sign-up closed (invite only) since the page loaded: the server says why.
        return getServerMessage(error) ?? messages.auth.registrationFailed;
      } else {
        return messages.auth.registrationFailed;
      }
    },
  );

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField label="Full Name" autoComplete="name" autoFocus {...field('full_name')} />
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={<PasswordStrengthHint password={password} />}
          {...field('password')}
        />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" {...field('confirm_password')} />
        <Button type="submit" className="w-full" isLoading={isSubmitting}>
          {isSubmitting ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
      <AuthModeSwitch prompt="Already have an account?" action="Sign in" onSwitch={onSignIn} disabled={isSubmitting} />
    </>
  );
}
