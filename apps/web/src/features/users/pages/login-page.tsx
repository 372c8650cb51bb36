import { useState } from 'react';
import type { LoginChallenge } from '@portal/contract';
import { usePublicSettings } from '@/lib/api/get-public-settings';
import { AuthShell } from '../components/auth-shell';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';
import { TwoFactorStep } from '../components/two-factor-step';

/**
 * /login, which also hosts self-registration: the spec's route table has no /register, so the card
 * switches between the two forms. Each form focuses its first field when it appears.
 */
export function LoginPage() {
  const [mode, setMode] = useState<'sign-in' | 'register'>('sign-in');
  // The password was right and the account has two-factor on: the code step replaces the form.
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  const [restartNotice, setRestartNotice] = useState<string | null>(null);
  const { registrationMode, companyName } = usePublicSettings();
  // Invite only: no sign-up on this screen (the server refuses it too).
  const canRegister = registrationMode !== 'invite_only';

  if (mode === 'register' && canRegister) {
    return (
      <AuthShell
        title="Create your partner account"
        description={
          registrationMode === 'approval'
            ? `Apply to the ${companyName} partner program. An administrator reviews every application.`
            : 'Join the partner program to share your referral link and follow your commissions.'
        }
      >
        <RegisterForm onSignIn={() => setMode('sign-in')} />
      </AuthShell>
    );
  }
  if (challenge) {
    return (
      <AuthShell title="Two-step verification" description="Enter the code from your authenticator app to finish signing in.">
        <TwoFactorStep
          challenge={challenge}
          onRestart={(message) => {
            setRestartNotice(message || null);
            setChallenge(null);
          }}
        />
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Sign in" description="Welcome back. Sign in to your partner account.">
      <LoginForm
        notice={restartNotice}
        onChallenge={(next) => {
          setRestartNotice(null);
          setChallenge(next);
        }}
        onCreateAccount={canRegister ? () => setMode('register') : undefined}
      />
    </AuthShell>
  );
}
