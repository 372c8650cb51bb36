import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { messages, twoFactorConstants, twoFactorMessages } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { copyText } from '@/components/share-kit/copy-text';
import { saveBlob } from '@/lib/api/download';
import { getServerFieldErrors, getServerMessage } from '@/lib/api/errors';
import { formatDate } from '@/lib/format';
import { codeInputProps } from './code-input';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateRecoveryCodes,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
  type TwoFactorSetup,
} from '../api/two-factor-api';

const codeDigits = (value: string) => value.replace(/[\s-]/g, '');
const isSixDigits = (value: string) => /^\d{6}$/.test(codeDigits(value));

/** The field a code answer's error belongs to, or the form-level message. */
function splitError(error: unknown): { field?: string; form?: string } {
  const fields = getServerFieldErrors(error);
  const field = fields.code ?? fields.recovery_code;
  return field ? { field } : { form: getServerMessage(error) ?? 'Something went wrong. Please try again.' };
}

/** The code input of every step here: numeric keypad, filled by the OS from an SMS-less app where it can. */
function CodeField({
  label = 'Code from the app',
  error,
  value,
  onChange,
  autoFocus,
}: {
  label?: string;
  error?: string;
  value: string;
  onChange: (v: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      {...codeInputProps}
      autoFocus={autoFocus}
      className="max-w-40 font-mono tracking-[0.2em]"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/** Two-factor authentication on the account page: set up, recovery codes, regenerate, turn off. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'regenerate' | 'disable' | null>(null);
  const start = useStartTwoFactorSetup();
  // Starting enrolment asks for the current password again, so a session alone cannot bind an authenticator.
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();

  const beginSetup = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setPasswordError(messages.account.currentPasswordRequired);
      return;
    }
    setPasswordError(undefined);
    try {
      setSetup(await start.mutateAsync({ password }));
      setPassword('');
    } catch (error) {
      const field = getServerFieldErrors(error).password;
      if (field) setPasswordError(field);
      else toast.error(getServerMessage(error) ?? 'Failed to start the setup');
    }
  };

  const data = status.data;
  return (
    <Card className="max-w-2xl overflow-hidden" aria-labelledby="two-factor-title">
      <div className="border-b border-slate-200 px-5 py-4 sm:px-6">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="two-factor-title" className="text-base font-semibold text-slate-900">
            {twoFactorMessages.cardTitle}
          </h2>
          {data && (data.enabled ? <Badge tone="green">On</Badge> : <Badge tone="slate">Off</Badge>)}
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Sign in with your password and a code from an authenticator app (Google Authenticator, Microsoft Authenticator,
          1Password…).
        </p>
      </div>
      <div className="space-y-4 px-5 py-4 sm:px-6">
        {status.isPending ? (
          <p className="text-sm text-slate-500">Loading…</p>
        ) : status.isError ? (
          <p className="text-sm text-red-700">Failed to load the two-factor settings.</p>
        ) : recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : status.data.enabled ? (
          <>
            <p className="text-sm text-slate-700">
              On since {formatDate(status.data.enabled_at)}. {status.data.recovery_codes_remaining} of{' '}
              {twoFactorConstants.recoveryCodeCount} recovery codes left.
            </p>
            {status.data.recovery_codes_remaining <= 3 && (
              <Alert tone="info">Few recovery codes left: create new ones so a lost phone does not lock you out.</Alert>
            )}
            <div className="flex flex-wrap gap-3">
              <Button variant="secondary" onClick={() => setDialog('regenerate')}>
                New recovery codes
              </Button>
              <Button variant="danger" onClick={() => setDialog('disable')}>
                Turn off
              </Button>
            </div>
          </>
        ) : setup ? (
          <SetupSteps
            setup={setup}
            onEnabled={(codes) => {
              setSetup(null);
              setRecoveryCodes(codes);
            }}
            onCancel={() => setSetup(null)}
          />
        ) : (
          <>
            {status.data.setup_required && <Alert tone="info">{twoFactorMessages.setupRequired}</Alert>}
            <p className="text-sm text-slate-700">Off. Anyone with your password can sign in to your account.</p>
            <form onSubmit={(event) => void beginSetup(event)} noValidate className="space-y-3">
              <TextField
                label="Current password"
                type="password"
                autoComplete="current-password"
                className="max-w-sm"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={passwordError}
              />
              <Button type="submit" isLoading={start.isPending}>
                Set up two-factor authentication
              </Button>
            </form>
          </>
        )}
      </div>
      <RegenerateDialog
        open={dialog === 'regenerate'}
        onClose={() => setDialog(null)}
        onCodes={(codes) => {
          setDialog(null);
          setRecoveryCodes(codes);
        }}
      />
      <DisableDialog open={dialog === 'disable'} onClose={() => setDialog(null)} />
    </Card>
  );
}

/** Groups of four, as authenticator apps print keys: easier to type by hand. */
const groupKey = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

function SetupSteps({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isSixDigits(code)) {
      setError({ field: codeDigits(code) ? twoFactorMessages.codeFormat : twoFactorMessages.codeRequired });
      return;
    }
    setError({});
    try {
      const { recovery_codes } = await enable.mutateAsync(codeDigits(code));
      toast.success(twoFactorMessages.enabled);
      onEnabled(recovery_codes);
    } catch (err) {
      setError(splitError(err));
      setCode('');
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      <ol className="space-y-5 text-sm text-slate-700">
        <li className="space-y-3">
          <p>
            <span className="font-medium text-slate-900">1. Scan this QR code</span> with your authenticator app.
          </p>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <img
              src={setup.qr_svg}
              alt="QR code to add this account to an authenticator app"
              width={176}
              height={176}
              className="size-44 shrink-0 rounded-lg border border-slate-200 bg-white"
            />
            <div className="min-w-0 space-y-2">
              <p className="text-slate-600">Can&apos;t scan it? Enter this key in the app instead (time-based):</p>
              <code
                data-testid="two-factor-secret"
                className="block break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900"
              >
                {groupKey(setup.secret)}
              </code>
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  void copyText(setup.secret).then((ok) =>
                    ok ? toast.success('Key copied') : toast.error('Failed to copy the key'),
                  )
                }
              >
                Copy key
              </Button>
            </div>
          </div>
        </li>
        <li className="space-y-3">
          <p>
            <span className="font-medium text-slate-900">2. Enter the 6-digit code</span> the app shows for this account.
          </p>
          {error.form && <Alert tone="error">{error.form}</Alert>}
          <CodeField value={code} onChange={setCode} error={error.field} autoFocus />
        </li>
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isLoading={enable.isPending}>
          Turn on
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={enable.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The recovery codes, shown once: copy, download, then gone. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  return (
    <div className="space-y-4">
      <Alert tone="info" title="Save your recovery codes">
        If you lose your phone, each of these codes signs you in once. They are shown only now: keep them somewhere safe, like a
        password manager.
      </Alert>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900 sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() =>
            void copyText(text).then((ok) =>
              ok ? toast.success('Recovery codes copied') : toast.error('Failed to copy the codes'),
            )
          }
        >
          Copy
        </Button>
        <Button variant="secondary" onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'recovery-codes.txt')}>
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

function RegenerateDialog({
  open,
  onClose,
  onCodes,
}: {
  open: boolean;
  onClose: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const close = () => {
    setCode('');
    setError({});
    onClose();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isSixDigits(code))
      return setError({ field: codeDigits(code) ? twoFactorMessages.codeFormat : twoFactorMessages.codeRequired });
    setError({});
    try {
      const { recovery_codes } = await regenerate.mutateAsync(codeDigits(code));
      toast.success(twoFactorMessages.recoveryCodesRegenerated);
      setCode('');
      onCodes(recovery_codes);
    } catch (err) {
      setError(splitError(err));
      setCode('');
    }
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title="New recovery codes"
      description="Your current recovery codes stop working. Enter a code from your authenticator app to continue."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        {error.form && <Alert tone="error">{error.form}</Alert>}
        <CodeField value={code} onChange={setCode} error={error.field} autoFocus />
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" isLoading={regenerate.isPending}>
            Create new codes
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function DisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});
  const passwordInput = useRef<HTMLInputElement>(null);
  const close = () => {
    setPassword('');
    setCode('');
    setErrors({});
    onClose();
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!password) next.password = 'Password is required';
    if (!code.trim()) next.code = twoFactorMessages.codeRequired;
    setErrors(next);
    if (next.password || next.code) return;
    try {
      // Six digits are a code from the app; anything else is taken as a recovery code.
      const factor = isSixDigits(code) ? { code: codeDigits(code) } : { recovery_code: code };
      const message = await disable.mutateAsync({ password, ...factor });
      toast.success(message ?? twoFactorMessages.disabled);
      close();
    } catch (err) {
      const fields = getServerFieldErrors(err);
      if (fields.password) {
        setErrors({ password: fields.password });
        passwordInput.current?.focus();
      } else {
        const split = splitError(err);
        setErrors({ code: split.field, form: split.form });
      }
      setCode('');
    }
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Turn off two-factor authentication"
      description="Your account will be protected by your password alone, and your other sessions will be signed out."
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        {errors.form && <Alert tone="error">{errors.form}</Alert>}
        <TextField
          ref={passwordInput}
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <TextField
          label="Code from the app, or a recovery code"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          className="font-mono"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errors.code}
        />
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger-solid" isLoading={disable.isPending}>
            Turn off
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
