import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { TWO_FACTOR_CHALLENGE_EXPIRED, messages, twoFactorMessages, type LoginChallenge } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { getServerCode, getServerFieldErrors, getServerMessage } from '@/lib/api/errors';
import { useTwoFactorLogin } from '../api/login';
import { authLinkClasses } from './auth-shell';
import { codeInputProps } from './code-input';

type Mode = 'code' | 'recovery';

/**
 * The second step of a sign-in: a code from the authenticator app, or one recovery code. A dead
 * challenge (timed out, used, too many wrong codes) sends the user back to the password.
 */
export function TwoFactorStep({ challenge, onRestart }: { challenge: LoginChallenge; onRestart: (message: string) => void }) {
  const [mode, setMode] = useState<Mode>('code');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const verify = useTwoFactorLogin();

  useEffect(() => {
    input.current?.focus();
  }, [mode]);

  const switchMode = () => {
    setMode(mode === 'code' ? 'recovery' : 'code');
    setValue('');
    setFieldError(null);
    setFormError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setFormError(null);
    const typed = value.replace(/[\s-]/g, '');
    if (mode === 'code' && !/^\d{6}$/.test(typed)) {
      setFieldError(typed ? twoFactorMessages.codeFormat : twoFactorMessages.codeRequired);
      input.current?.focus();
      return;
    }
    if (mode === 'recovery' && !typed) {
      setFieldError(twoFactorMessages.recoveryCodeRequired);
      input.current?.focus();
      return;
    }
    try {
      const { message } = await verify.mutateAsync(
        mode === 'code'
          ? { challenge: challenge.challenge, code: typed }
          : { challenge: challenge.challenge, recovery_code: value },
      );
      // The guest guard moves on; a recovery sign-in says what it did to the other sessions.
      if (message) toast.success(message);
    } catch (error) {
      if (getServerCode(error) === TWO_FACTOR_CHALLENGE_EXPIRED) {
        onRestart(getServerMessage(error) ?? twoFactorMessages.challengeExpired);
        return;
      }
      const fields = getServerFieldErrors(error);
      const message = fields.code ?? fields.recovery_code;
      if (message) setFieldError(message);
      else setFormError(getServerMessage(error) ?? messages.auth.loginFailed);
      setValue('');
      input.current?.focus();
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      {formError && <Alert tone="error">{formError}</Alert>}
      {mode === 'code' ? (
        <TextField
          key="code"
          ref={input}
          label="Authentication code"
          {...codeInputProps}
          className="text-center font-mono text-lg tracking-[0.3em]"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={fieldError ?? undefined}
          hint="The 6-digit code your authenticator app shows now."
        />
      ) : (
        <TextField
          key="recovery"
          ref={input}
          label="Recovery code"
          name="recovery_code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="xxxxx-xxxxx"
          className="font-mono"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={fieldError ?? undefined}
          hint="One of the codes you saved when you set up two-factor. Each works once."
        />
      )}
      <Button type="submit" className="w-full" isLoading={verify.isPending}>
        {verify.isPending ? 'Verifying…' : 'Verify'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <button type="button" onClick={switchMode} className={authLinkClasses}>
          {mode === 'code' ? 'Use a recovery code' : 'Use the authenticator app'}
        </button>
        <button type="button" onClick={() => onRestart('')} className={authLinkClasses}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
