// The failure strings of spec §8 that no other test reached, on the whole app in happy-dom with a fake API.
// Covered here:
// - 403, 422, 429, 500: only logged to the console; 404: logged unless its message contains
//   'No deals found' or "You didn't refer any lead"
// - 'An error occurred during login' (login failure without a server message)
// - 'Failed to fetch user profile' (profile fetch failure: only logged)
// - 'Failed to copy link to clipboard'
// - Contact setting load failure: logged, default link kept
// - 'Failed to process request' and 'An unexpected error occurred' (forgot-password)
// - 'Failed to reset password' and 'An unexpected error occurred' (reset-password)
// - 'Failed to update Facebook Pixel ID'; a failed Pixel ID fetch is only logged
// - 'Failed to fetch settings', 'Failed to update setting', 'Failed to delete setting' (admin settings)
// Not reachable from the screens: 'Reset token is missing' (without a token /reset-password shows the
// Invalid Reset Link screen instead, which the browser tests check).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@portal/contract';
import {
  admin,
  api,
  fillIn,
  findPageHeading,
  partner,
  renderApp,
  server,
  setUpAppTests,
  storeSession,
  submitSignIn,
} from './testing/render-app';

setUpAppTests();

/** console.error, silenced and recorded: §8 says these failures are only logged. */
const captureConsoleErrors = () => vi.spyOn(console, 'error').mockImplementation(() => {});
type Logged = ReturnType<typeof captureConsoleErrors>;
const loggedText = (spy: Logged) => spy.mock.calls.map((call) => call.map(String).join(' '));
const hasLogged = (spy: Logged, text: string) => loggedText(spy).some((line) => line.includes(text));
/** Waits until console.error has logged a line with `text`. */
const waitForLogged = (spy: Logged, text: string) => waitFor(() => expect(hasLogged(spy, text)).toBe(true), { timeout: 5_000 });

/** A partner's page opened with console.error recorded and `failing` answering the request under test. */
async function openAsPartner(path: string, heading: string, ...failing: HttpHandler[]) {
  const logged = captureConsoleErrors();
  storeSession(partner);
  server.use(...failing);
  renderApp(path);
  await findPageHeading(heading);
  return logged;
}

const errorAnswer = (status: number, message?: string) =>
  HttpResponse.json({ status: 'error', ...(message === undefined ? {} : { message }) }, { status });

function signInAsAdmin() {
  storeSession(admin);
  server.use(http.get(api('/users/me'), () => HttpResponse.json({ status: 'success', data: { user: admin } })));
}

describe('the API client (spec §8)', () => {
  it.each([403, 422, 429, 500])('only logs a %i answer', async (status) => {
    const logged = await openAsPartner(
      '/dashboard',
      'Dashboard',
      http.get(api('/users/me'), () => errorAnswer(status, 'Nope')),
    );
    await waitForLogged(logged, `API error ${status} on GET /users/me`);
    expect(localStorage.getItem('token')).toBe('stored-token');
  });

  it.each([
    ['logs a 404', 'User not found', true],
    ['does not log a 404 about no deals', 'No deals found for this partner', false],
    ['does not log a 404 about no referred lead', "You didn't refer any lead yet", false],
  ])('%s', async (_title, message, isLogged) => {
    const logged = await openAsPartner(
      '/dashboard',
      'Dashboard',
      http.get(api('/users/me'), () => errorAnswer(404, message)),
    );
    // The profile refresh logs its own failure either way; wait for it, then look for the client's line.
    await waitForLogged(logged, messages.auth.profileFailed);
    expect(hasLogged(logged, 'API error 404')).toBe(isLogged);
  });
});

describe('sign-in and session', () => {
  it('shows the generic login error when the server gives no message', async () => {
    captureConsoleErrors();
    server.use(http.post(api('/users/login'), () => errorAnswer(500)));
    renderApp('/login');
    await findPageHeading('Sign in');
    const user = userEvent.setup();
    await submitSignIn(user, partner.email, 'partner-password-1');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.auth.loginFailed);
  });

  it('only logs a failed profile refresh and keeps the page', async () => {
    const logged = await openAsPartner(
      '/dashboard',
      'Dashboard',
      http.get(api('/users/me'), () => HttpResponse.error()),
    );
    await waitForLogged(logged, messages.auth.profileFailed);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });
});

describe('navigation', () => {
  it('toasts when the referral link cannot be copied', async () => {
    captureConsoleErrors();
    storeSession(partner);
    renderApp('/dashboard');
    await findPageHeading('Dashboard');
    // The browser refuses to write the clipboard (no permission).
    const writeText = vi.fn(() => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')));
    const own = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    try {
      fireEvent.click(screen.getAllByRole('button', { name: /Public URL/ })[0]!);
      expect(await screen.findByText(messages.nav.copyFailed)).toBeTruthy();
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/referral/${partner.uuid}`);
    } finally {
      if (own) Object.defineProperty(navigator, 'clipboard', own);
      else delete (navigator as { clipboard?: Clipboard }).clipboard;
    }
  });

  it('logs when the contact setting cannot be loaded, and invents no Contact Us link', async () => {
    const logged = await openAsPartner(
      '/dashboard',
      'Dashboard',
      http.get(api('/settings/public'), () => errorAnswer(500)),
    );
    await waitForLogged(logged, 'Failed to load public settings; using defaults');
    expect(screen.queryAllByRole('link', { name: 'Contact Us' })).toHaveLength(0);
  });
});

describe('forgot and reset password', () => {
  async function requestReset() {
    renderApp('/forgot-password');
    await findPageHeading('Forgot your password?');
    await fillIn(userEvent.setup(), { Email: partner.email }, messages.forgotPassword.button);
  }

  it.each([
    [
      '"Failed to process request" when the answer is not a success and has no message',
      () => HttpResponse.json({ status: 'error' }),
      messages.forgotPassword.failed,
    ],
    ['"An unexpected error occurred" when no answer comes', () => HttpResponse.error(), messages.forgotPassword.unexpected],
  ])('shows %s', async (_case, answer, message) => {
    server.use(http.post(api('/users/forgot-password'), answer));
    await requestReset();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  async function chooseNewPassword() {
    renderApp('/reset-password?token=emailed-token');
    await findPageHeading('Choose a new password');
    const password = 'a-brand-new-password';
    await fillIn(userEvent.setup(), { 'New password': password, 'Confirm new password': password }, 'Reset password');
  }

  it.each([
    [
      '"Failed to reset password" when the server refuses without a message',
      () => errorAnswer(400),
      messages.resetPassword.failed,
    ],
    [
      '"An unexpected error occurred" when the reset gets no answer',
      () => HttpResponse.error(),
      messages.resetPassword.unexpected,
    ],
  ])('shows %s', async (_case, answer, message) => {
    server.use(http.post(api('/users/reset-password'), answer));
    await chooseNewPassword();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});

describe('partner settings', () => {
  it('shows "Failed to update Facebook Pixel ID" when saving fails without a message', async () => {
    storeSession(partner);
    server.use(
      http.get(api('/users/user/get-pixel-id'), () => HttpResponse.json({ status: 'success', data: { facebook_pixel_id: '' } })),
      http.put(api('/users/update-pixel-id'), () => errorAnswer(400)),
    );
    renderApp('/settings');
    await findPageHeading('Settings');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Facebook Pixel ID'), '123456789012345');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(messages.pixel.failed)).toBeTruthy();
  });

  it('only logs a failed Pixel ID fetch and keeps the form', async () => {
    const logged = await openAsPartner(
      '/settings',
      'Settings',
      http.get(api('/users/user/get-pixel-id'), () => errorAnswer(400)),
    );
    await waitForLogged(logged, 'Failed to fetch Facebook Pixel ID');
    expect(screen.getByLabelText('Facebook Pixel ID')).toBeTruthy();
  });
});

describe('admin settings', () => {
  const contactUs = { key: 'Contact Us', value: 'https://example.org/contact' };

  it('shows "Failed to fetch settings" when the list cannot be loaded', async () => {
    signInAsAdmin();
    server.use(http.get(api('/admin/settings'), () => errorAnswer(400)));
    renderApp('/admin/settings');
    await findPageHeading('Settings');
    expect(await screen.findByText(messages.settings.fetchFailed)).toBeTruthy();
  });

  /** The settings page with one setting, where `failing` answers the request under test. */
  async function openSettings(failing: HttpHandler) {
    signInAsAdmin();
    server.use(
      http.get(api('/admin/settings'), () => HttpResponse.json({ status: 'success', data: [contactUs] })),
      failing,
    );
    renderApp('/admin/settings');
    await findPageHeading('Settings');
    return userEvent.setup();
  }

  it('toasts "Failed to update setting" when saving an edit fails', async () => {
    const user = await openSettings(http.put(api('/admin/settings/:key'), () => errorAnswer(400)));
    await user.click(await screen.findByRole('button', { name: 'Edit Contact Us' }));
    const value = screen.getByLabelText('Value');
    await user.clear(value);
    await user.type(value, 'https://example.org/help');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(messages.settings.updateFailed)).toBeTruthy();
  });

  it('toasts "Failed to delete setting" when deleting fails', async () => {
    const user = await openSettings(http.delete(api('/admin/settings/:key'), () => errorAnswer(400)));
    await user.click(await screen.findByRole('button', { name: 'Delete Contact Us' }));
    // The page asks in its own dialog (never window.confirm): confirm there.
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /^delete/i }));
    expect(await screen.findByText(messages.settings.deleteFailed)).toBeTruthy();
  });
});
