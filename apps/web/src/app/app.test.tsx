// The route guards of spec §2, session restore (§3–§4) and the 401 rule of §8, on the whole app in happy-dom
// with a fake API: a test sets the URL, the stored session and the server's answers, and reads the page.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@portal/contract';
import {
  admin,
  api,
  currentPath,
  findPageHeading,
  partner,
  renderApp,
  setUpAppTests,
  server,
  storeSession,
  submitSignIn,
} from './testing/render-app';

setUpAppTests();

describe('route guards (spec §2)', () => {
  it('sends a logged-out visitor to /login and back to the page they wanted after signing in', async () => {
    server.use(
      http.post(api('/users/login'), () =>
        HttpResponse.json({ status: 'success', data: { user: partner, token: 'fresh-token' } }),
      ),
    );
    renderApp('/settings?tab=pixel');
    await findPageHeading('Sign in');
    expect(currentPath()).toBe('/login');

    const user = userEvent.setup();
    await submitSignIn(user, partner.email, 'partner-password-1');

    await findPageHeading('Settings');
    expect(currentPath()).toBe('/settings?tab=pixel');
    expect(localStorage.getItem(storageKeys.token)).toBe('fresh-token');
  });

  it('sends a partner on an admin page to /dashboard', async () => {
    storeSession(partner);
    renderApp('/admin/settings');
    await findPageHeading('Dashboard');
    expect(currentPath()).toBe('/dashboard');
  });

  it('sends an admin on a partner page to /admin', async () => {
    storeSession(admin);
    server.use(http.get(api('/users/me'), () => HttpResponse.json({ status: 'success', data: { user: admin } })));
    renderApp('/submit');
    await findPageHeading('Dashboard');
    expect(currentPath()).toBe('/admin');
  });

  it.each(['/login', '/forgot-password', '/reset-password?token=abc'])(
    'sends a logged-in partner from %s to /dashboard',
    async (path) => {
      storeSession(partner);
      renderApp(path);
      await findPageHeading('Dashboard');
      expect(currentPath()).toBe('/dashboard');
    },
  );

  it.each([
    ['logged out', '/login', null],
    ['a partner', '/dashboard', partner],
    ['an admin', '/admin', admin],
  ] as const)('sends %s from / and from an unknown path to %s', async (_who, home, user) => {
    if (user) {
      storeSession(user);
      server.use(http.get(api('/users/me'), () => HttpResponse.json({ status: 'success', data: { user } })));
    }
    for (const path of ['/', '/no/such/page']) {
      const view = renderApp(path);
      await findPageHeading(home === '/login' ? 'Sign in' : 'Dashboard');
      expect(currentPath()).toBe(home);
      view.unmount();
    }
  });
});

describe('session restore (spec §3–§4)', () => {
  it('restores a stored session without asking to sign in again', async () => {
    storeSession(partner);
    renderApp('/dashboard');
    await findPageHeading('Dashboard');
    expect(screen.getByText(/Welcome back, Pat/)).toBeTruthy();
  });

  it('clears the whole session when the stored user is not valid JSON', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession(partner);
    localStorage.setItem(storageKeys.user, '{not json');
    renderApp('/dashboard');
    await findPageHeading('Sign in');
    expect(currentPath()).toBe('/login');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
    expect(logged).toHaveBeenCalledWith('Stored session is corrupt; signing out', expect.any(Error));
  });

  it('clears the session when the stored user is JSON of the wrong shape', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeSession(partner);
    localStorage.setItem(storageKeys.user, JSON.stringify({ email: partner.email, role: 'owner' }));
    renderApp('/dashboard');
    await findPageHeading('Sign in');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });

  it('treats a token without a user as no session', async () => {
    localStorage.setItem(storageKeys.token, 'orphan-token');
    renderApp('/dashboard');
    await findPageHeading('Sign in');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });
});

describe('401 answers (spec §8)', () => {
  it('clear the token and user and go to /login', async () => {
    storeSession(partner);
    server.use(
      http.get(api('/users/me'), () =>
        HttpResponse.json({ status: 'error', message: 'Please log in to continue' }, { status: 401 }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/settings');
    await findPageHeading('Sign in');
    expect(currentPath()).toBe('/login');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
  });

  it('on /login itself, stay there and keep the form', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(api('/users/login'), () =>
        HttpResponse.json({ status: 'error', message: 'Invalid email or password' }, { status: 401 }),
      ),
    );
    const { router } = renderApp('/login');
    await findPageHeading('Sign in');
    const navigate = vi.spyOn(router, 'navigate');
    await submitSignIn(user, partner.email, 'wrong-password');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid email or password'));
    expect(navigate).not.toHaveBeenCalled();
    expect(currentPath()).toBe('/login');
  });
});
