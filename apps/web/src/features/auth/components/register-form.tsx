import { useState } from 'react';
import axios from 'axios';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { limits, messages, registerRequest } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { getServerMessage } from '@/lib/api/errors';
import { useRegister } from '../api/register';
import { AuthModeSwitch } from './auth-shell';

/** A 409 is the one failure the partner can fix here: the email already has an account. */
const isEmailTaken = (error: unknown) => axios.isAxiosError(error) && error.response?.status === 409;

export function RegisterForm({ onSignIn }: { onSignIn: () => void }) {
  const registerMutation = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registerRequest),
    defaultValues: { full_name: '', email: '', password: '', confirm_password: '' },
  });

  // On success the session is stored and the guest guard sends the partner on, as after login.
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await registerMutation.mutateAsync(values);
    } catch (error) {
      if (isEmailTaken(error)) {
        setError('email', { message: getServerMessage(error) ?? messages.auth.emailTaken }, { shouldFocus: true });
      } else {
        setFormError(messages.auth.registrationFailed);
      }
    }
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField label="Full Name" autoComplete="name" autoFocus error={errors.full_name?.message} {...register('full_name')} />
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${limits.passwordMinLength} characters.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" error={errors.confirm_password?.message} {...register('confirm_password')} />
        <Button type="submit" className="w-full" isLoading={isSubmitting}>
          {isSubmitting ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
      <AuthModeSwitch prompt="Already have an account?" action="Sign in" onSwitch={onSignIn} disabled={isSubmitting} />
    </>
  );
}
