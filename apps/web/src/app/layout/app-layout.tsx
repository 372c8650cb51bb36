import { Suspense, useCallback, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useLogout } from '@/features/users/api/logout';
import { useProfileRefresh } from '@/features/users/api/get-me';
import { useDocumentTitle, usePublicSettings } from '@/lib/api/get-public-settings';
import { useAuthStore } from '@/lib/auth/auth-store';
import { ApplicationUnderReview } from './application-under-review';
import { NavBar } from './nav-bar';
import { pageTitleFor } from './page-titles';
import { useInactivityTimeout } from './use-inactivity-timeout';

/** The frame of every logged-in page: navigation, profile refresh and the inactivity logout. */
export function AppLayout() {
  const user = useAuthStore((s) => s.user);
  const { contactUrl, companyName, inactivityLogoutMs } = usePublicSettings();
  const { pathname } = useLocation();
  useDocumentTitle(pageTitleFor(pathname));
  const logout = useLogout();
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  useProfileRefresh();

  const endSession = useCallback(
    async (reason: 'logout' | 'inactivity') => {
      setIsLoggingOut(true);
      try {
        await logout(reason);
      } finally {
        setIsLoggingOut(false);
      }
    },
    [logout],
  );
  useInactivityTimeout(inactivityLogoutMs, () => void endSession('inactivity'));

  if (!user) return null;
  if (user.status === 'pending_approval')
    return <ApplicationUnderReview user={user} isLoggingOut={isLoggingOut} onLogout={() => void endSession('logout')} />;
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <NavBar
        user={user}
        contactUrl={contactUrl}
        companyName={companyName}
        isLoggingOut={isLoggingOut}
        onLogout={() => void endSession('logout')}
      />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
