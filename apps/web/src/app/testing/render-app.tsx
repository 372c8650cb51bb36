import { cleanup, render, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { RouterProvider } from 'react-router';
import { storageKeys, type User } from '@portal/contract';
import { initAuth, useAuthStore } from '@/lib/auth/auth-store';
import { AppProviders } from '../providers';
import { createAppRouter } from '../router';

/**
 * The whole partner app in happy-dom, as main.tsx mounts it, against a fake API (msw): tests drive it
 * through the URL, the stored session and HTTP answers only.
 */

export const partner: User = {
  id: 2,
  uuid: '6f1c2f7e-8a4b-4c8e-9d7a-2b1e5c3d4f60',
  full_name: 'Pat Partner',
  email: 'pat@example.com',
  role: 'user',
  status: 'active',
  compensation_link: null,
  facebook_pixel_id: '',
  created_at: '2026-01-05T09:00:00.000Z',
};

export const admin: User = {
  ...partner,
  id: 1,
  uuid: '0b8f5f0e-6c1d-4a8e-9a43-5a4c1e2d3f70',
  full_name: 'Ada Admin',
  email: 'ada@example.com',
  role: 'admin',
};

export const api = (path: string) => `*/api/v1${path}`;

/** What a logged-in app calls on every page; a test overrides what it is about with server.use(). */
export const server = setupServer(
  http.get(api('/users/me'), () => HttpResponse.json({ status: 'success', data: { user: partner } })),
  http.get(api('/settings/public'), () => HttpResponse.json({ status: 'success', data: {} })),
  http.post(api('/users/logout'), () => HttpResponse.json({ status: 'success', message: 'Logged out' })),
  http.get(api('/users/two-factor'), () =>
    HttpResponse.json({
      status: 'success',
      data: { enabled: false, enabled_at: null, recovery_codes_remaining: 0, setup_required: false },
    }),
  ),
  http.get(api('/users/user/get-pixel-id'), () => HttpResponse.json({ status: 'success', data: { facebook_pixel_id: '' } })),
  http.get(api('/users/conversions-api'), () =>
    HttpResponse.json({
      status: 'success',
      data: { available: true, token_set: false, token_updated_at: null, last_delivery: null },
    }),
  ),
  // The integrations sections under both settings pages: nothing set up yet.
  ...['/users/api-keys', '/users/postbacks', '/admin/webhooks', '/admin/api-keys'].map((path) =>
    http.get(api(path), () => HttpResponse.json({ status: 'success', data: { items: [] } })),
  ),
  // The application questions (issue 23 §5): none set up yet.
  ...['/admin/application-questions', '/application-questions'].map((path) =>
    http.get(api(path), () => HttpResponse.json({ status: 'success', data: [] })),
  ),
  // A reset or invitation link is valid unless a test says otherwise.
  http.get(api('/users/reset-password/status'), () =>
    HttpResponse.json({ status: 'success', data: { state: 'valid', purpose: 'reset', can_request_invite: false } }),
  ),
  http.get(api('/users/notification-preferences'), () =>
    HttpResponse.json({
      status: 'success',
      data: { lead_status_changed: true, new_referral: true, lead_note: true, partner_reply: true },
    }),
  ),
  // Figures and lists of the home pages: these tests are about routing and messages, not the
  // figures, so the pages get an outage and show their error state under their heading.
  ...[
    '/users/sessions',
    '/dashboard/summary',
    '/dashboard/timeseries',
    '/admin/stats',
    '/admin/crm-health',
    '/leads/mine/counts',
    '/leads/mine',
    '/users/payout-details',
    '/commissions/summary',
    '/commissions/terms',
    '/admin/commissions/earnings',
    '/referral-links',
  ].map((path) =>
    http.get(api(path), () => HttpResponse.json({ status: 'error', message: 'Service unavailable' }, { status: 503 })),
  ),
);

/** A test file's set-up: the fake API listens (an unexpected request fails), each test starts signed out and unmounted. */
export function setUpAppTests() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => resetSession());
  afterEach(() => {
    cleanup();
    server.resetHandlers();
  });
  afterAll(() => server.close());
}

/** Stores a session the way a login does (keys `token` and `user`, spec §3). */
export function storeSession(user: User, token = 'stored-token') {
  localStorage.setItem(storageKeys.token, token);
  localStorage.setItem(storageKeys.user, JSON.stringify(user));
}

/** Forgets every session and starts the app afresh between tests. */
export function resetSession() {
  localStorage.clear();
  useAuthStore.setState({ token: null, user: null, isInitialised: false, signOutReason: null, isNewcomer: false });
}

/** Opens the app at `path`, reading the stored session first as main.tsx does. */
export function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  initAuth();
  const router = createAppRouter();
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

/** The page's main heading, once it has rendered (pages load lazily). */
export const findPageHeading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }, { timeout: 5_000 });

/** Types each text into the field of that label, then presses the button: a form filled in as a person would. */
export async function fillIn(user: UserEvent, fields: Record<string, string>, button: string) {
  for (const [label, text] of Object.entries(fields)) await user.type(screen.getByLabelText(label), text);
  await user.click(screen.getByRole('button', { name: button }));
}

/** Types the email and password into the sign-in form on screen and submits it. */
export const submitSignIn = (user: UserEvent, email: string, password: string) =>
  fillIn(user, { Email: email, Password: password }, 'Sign in');

/** The current location, path and query only. */
export const currentPath = () => `${window.location.pathname}${window.location.search}`;
