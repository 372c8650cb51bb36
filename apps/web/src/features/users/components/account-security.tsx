import toast from 'react-hot-toast';
import { changePasswordRequest, limits, messages } from '@portal/contract';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardFooter } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { getServerMessage, tryOrToast } from '@/lib/api/errors';
import { useZodForm } from '@/lib/forms/use-zod-form';
import { useChangePassword, useEndSessions, useSessions } from '../api/account-api';
import { useTwoFactorStatus } from '../api/two-factor-api';
import { TwoFactorCard } from './two-factor-card';
import { formatDate, formatDateTime } from '@/lib/format';

/** Change password, two-factor authentication and signed-in sessions: every account has them (partners on /settings, admins on /admin/account). */
export function AccountSecurity() {
  // An admin sent here to set up two-factor first sees that card first. Keyed, so the card keeps its
  // state (the recovery codes just shown) when the order changes back.
  const setupRequired = useTwoFactorStatus().data?.setup_required === true;
  const password = <ChangePasswordCard key="password" />;
  const twoFactor = <TwoFactorCard key="two-factor" />;
  return (
    <div className="space-y-6">
      {setupRequired ? [twoFactor, password] : [password, twoFactor]}
      <SessionsCard />
    </div>
  );
}

function ChangePasswordCard() {
  const change = useChangePassword();
  const { field, submit, formError, reset, setServerErrors, isSubmitting } = useZodForm(changePasswordRequest, {
    defaultValues: { current_password: '', new_password: '', confirm_new_password: '' },
  });

  const onSubmit = submit(
    async (values) => {
      const message = await change.mutateAsync(values);
      toast.success(message ?? messages.account.passwordChanged);
      reset();
    },
    (error) =>
      setServerErrors(error, ['current_password', 'new_password'])
        ? undefined
        : (getServerMessage(error) ?? 'Failed to change the password'),
  );

  return (
    <Card className="max-w-2xl">
      <form onSubmit={onSubmit} noValidate aria-labelledby="password-title">
        <div className="space-y-4 p-5 sm:p-6">
          <div>
            <h2 id="password-title" className="text-base font-semibold text-slate-900">
              Change password
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              At least {limits.passwordMinLength} characters. Your other sessions are signed out; this one stays.
            </p>
          </div>
          {formError && <Alert tone="error">{formError}</Alert>}
          <TextField label="Current password" type="password" autoComplete="current-password" {...field('current_password')} />
          <TextField label="New password" type="password" autoComplete="new-password" {...field('new_password')} />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            {...field('confirm_new_password')}
          />
        </div>
        <CardFooter>
          <Button type="submit" isLoading={isSubmitting}>
            Change password
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSessions();
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  const endSessions = async (sessionId?: number) => {
    await tryOrToast(async () => {
      toast.success((await end.mutateAsync(sessionId)) ?? 'Signed out');
    }, 'Failed to sign out the session');
  };

  return (
    <Card className="max-w-2xl overflow-hidden">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-5 py-4 sm:px-6">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Signed-in devices</h2>
          <p className="mt-1 text-sm text-slate-600">Sign out a device you no longer use or do not recognise.</p>
        </div>
        {others.length > 0 && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void endSessions()}
            isLoading={end.isPending && end.variables === undefined}
          >
            Sign out all other devices
          </Button>
        )}
      </div>
      {sessions.isPending ? (
        <p className="px-5 py-4 text-sm text-slate-500">Loading…</p>
      ) : sessions.isError ? (
        <p className="px-5 py-4 text-sm text-red-700">Failed to load your sessions.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {sessions.data.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 sm:px-6">
              <div className="min-w-0 text-sm">
                <p className="flex items-center gap-2 font-medium text-slate-900">
                  {session.device}
                  {session.current && <Badge tone="green">This device</Badge>}
                </p>
                <p className="text-slate-500">
                  Last used {formatDateTime(session.last_used_at)} · signed in {formatDate(session.created_at)}
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Sign out ${session.device}, last used ${formatDateTime(session.last_used_at)}`}
                  isLoading={end.isPending && end.variables === session.id}
                  onClick={() => void endSessions(session.id)}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
