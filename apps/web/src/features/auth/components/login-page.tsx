import { useState } from 'react';
import { AuthShell } from './auth-shell';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

/**
 * /login, which also hosts self-registration: the spec's route table has no /register, so the card
 * switches between the two forms. Each form focuses its first field when it appears.
 */
export function LoginPage() {
  const [mode, setMode] = useState<'sign-in' | 'register'>('sign-in');

  if (mode === 'register') {
    return (
      <AuthShell title="Create your partner account" description="Join the partner program to share your referral link and follow your commissions.">
        <RegisterForm onSignIn={() => setMode('sign-in')} />
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Sign in" description="Welcome back. Sign in to your partner account.">
      <LoginForm onCreateAccount={() => setMode('register')} />
    </AuthShell>
  );
}
