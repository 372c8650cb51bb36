import axios from 'axios';
import { useWatch } from 'react-hook-form';
import { useState } from 'react';
import { answerField, checkApplicationAnswers, messages, registerRequest } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { getServerFieldErrors, getServerMessage } from '@/lib/api/errors';
import { usePublicSettings } from '@/lib/api/get-public-settings';
import { useSignUpQuestions } from '../api/get-sign-up-questions';
import { ApplicationFields } from './application-fields';
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
  const { field, submit, formError, setError, control, isSubmitting, trigger } = useZodForm(registerRequest, {
    defaultValues: { full_name: '', email: '', password: '', confirm_password: '' },
  });
  const password = useWatch({ control, name: 'password' });
  // Approval mode: the admins' application questions (issue 23 §5), checked here and by the server.
  const { registrationMode } = usePublicSettings();
  const questionsQuery = useSignUpQuestions(registrationMode === 'approval');
  const questions = registrationMode === 'approval' ? (questionsQuery.data ?? []) : [];
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const withAnswers = <T extends object>(values: T) => (questions.length ? { ...values, answers } : values);

  // On success the session is stored and the guest guard sends the partner on, as after login.
  const onSubmit = submit(
    (values) => registerMutation.mutateAsync(withAnswers(recruitToken ? { ...values, recruit_token: recruitToken } : values)),
    (error) => {
      const refusedPassword = passwordProblem(error);
      const refusedAnswers = Object.fromEntries(
        Object.entries(getServerFieldErrors(error)).filter(([key]) => key.startsWith('answers.')),
      );
      if (Object.keys(refusedAnswers).length) {
        setAnswerErrors(refusedAnswers);
        return undefined;
      } else if (isEmailTaken(error)) {
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
      <form
        onSubmit={(event) => {
          const problems = checkApplicationAnswers(questions, answers);
          setAnswerErrors(problems);
          if (Object.keys(problems).length) {
            event.preventDefault();
            // The other fields' messages show too, and the first refused question takes the focus.
            void trigger().then(() => {
              const first = Object.keys(problems)[0]!.slice('answers.'.length);
              document.querySelector<HTMLElement>(`[data-answer="${first}"], [aria-invalid="true"]`)?.focus();
            });
            return;
          }
          return onSubmit(event);
        }}
        noValidate
        className="space-y-5"
      >
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
        <ApplicationFields
          questions={questions}
          answers={answers}
          errors={answerErrors}
          onChange={(id, value) => {
            setAnswers((current) => ({ ...current, [id]: value }));
            setAnswerErrors(({ [answerField(id)]: _fixed, ...rest }) => rest);
          }}
        />
        <Button type="submit" className="w-full" isLoading={isSubmitting}>
          {isSubmitting ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
      <AuthModeSwitch prompt="Already have an account?" action="Sign in" onSwitch={onSignIn} disabled={isSubmitting} />
    </>
  );
}
