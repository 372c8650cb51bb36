import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import type { Role } from '@portal/contract';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth/auth-store';
import { returnPath, type LoginState } from '@/lib/auth/login-state';
import { homeFor, paths } from '@/lib/paths';
import { twoFactorStatusQuery } from '@/features/users/api/two-factor-api';

const useSession = () =>
  useAuthStore(useShallow((s) => ({ user: s.user, isInitialised: s.isInitialised, signOutReason: s.signOutReason })));

/**
 * Logged-in users only. Others go to /login, remembering where they came from — except right after
 * an explicit logout, so the next person to sign in starts at their own home.
 */
export function RequireAuth() {
  const { user, isInitialised, signOutReason } = useSession();
  const location = useLocation();
  if (!isInitialised) return <PageSpinner fullScreen />;
  if (!user) {
    const state: LoginState | undefined =
      signOutReason === 'logout'
        ? undefined
        : { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}

/** A role mismatch sends the user to their own home (spec §2). */
export function RequireRole({ role }: { role: Role }) {
  const user = useAuthStore((s) => s.user);
  if (!user) return null;
  if (user.role !== role) return <Navigate to={homeFor(user.role)} replace />;
  return <Outlet />;
}

/**
 * Admin pages while the Admin Two-Factor setting is `required` and this admin has not set it up:
 * everything leads to the account page, where the setup is, until it is done (the server refuses
 * the admin API meanwhile with TWO_FACTOR_SETUP_REQUIRED).
 */
export function RequireTwoFactorSetUp() {
  const status = useQuery(twoFactorStatusQuery);
  const location = useLocation();
  // Pages render meanwhile (no extra wait on every admin load): the server refuses their data anyway.
  if (status.data?.setup_required && location.pathname !== paths.admin.account)
    return <Navigate to={paths.admin.account} replace />;
  return <Outlet />;
}

/** /login, /forgot-password, /reset-password: a logged-in user goes on (remembered page or home). */
export function GuestOnly() {
  const { user, isInitialised } = useSession();
  const location = useLocation();
  if (!isInitialised) return <PageSpinner fullScreen />;
  if (user) return <Navigate to={returnPath(location.state, homeFor(user.role))} replace />;
  return (
    <Suspense fallback={<PageSpinner fullScreen />}>
      <Outlet />
    </Suspense>
  );
}

/** `/` and unknown paths: /admin, /dashboard or /login by role. */
export function HomeRedirect() {
  const { user, isInitialised } = useSession();
  if (!isInitialised) return <PageSpinner fullScreen />;
  return <Navigate to={user ? homeFor(user.role) : paths.login} replace />;
}
