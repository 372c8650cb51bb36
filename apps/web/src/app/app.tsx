import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initAuth } from '@/lib/auth/auth-store';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/** Mounts the portal (every path except the public referral page, see main.tsx). */
export function mountApp(root: HTMLElement) {
  initAuth();
  const router = createAppRouter();
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
