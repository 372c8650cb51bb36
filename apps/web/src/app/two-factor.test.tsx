// Two-factor sign-in and the mandatory setup for admins, on the whole app in happy-dom with a fake API.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_CHALLENGE_EXPIRED, TWO_FACTOR_SETUP_REQUIRED, storageKeys, twoFactorMessages } from '@portal/contract';
import {
  admin,
  api,
  currentPath,
  findPageHeading,
  renderApp,
  server,
  setUpAppTests,
  storeSession,
  submitSignIn,
} from './testing/render-app';

setUpAppTests();

const challenge = { two_factor_required: true, challenge: 'the-challenge', expires_at: '2026-11-22T10:05:00.000Z' };

/** The password step answers the challenge; the code step hands what it was sent to `answer`. */
function answerCodeStep(answer: (sent: { code?: string }) => Response) {
  let sent: unknown;
  server.use(
    http.post(api('/users/login'), () => HttpResponse.json({ status: 'success', data: challenge })),
    http.post(api('/users/login/two-factor'), async ({ request }) => {
      sent = await request.json();
      return answer(sent as { code?: string });
    }),
  );
  return { sent: () => sent };
}

async function signInWithPassword() {
  renderApp('/login');
  await findPageHeading('Sign in');
  const user = userEvent.setup();
  await submitSignIn(user, admin.email, 'admin-password-1');
  await findPageHeading('Two-step verification');
  return user;
}

describe('the code step of a sign-in', () => {
  it('asks for the code in a focused numeric one-time-code field, shows a wrong code, and signs in with the right one', async () => {
    const codeStep = answerCodeStep(({ code }) =>
      code === '123456'
        ? HttpResponse.json({ status: 'success', data: { user: admin, token: 'two-factor-token' } })
        : HttpResponse.json(
            { status: 'error', message: twoFactorMessages.codeWrong, errors: { code: twoFactorMessages.codeWrong } },
            { status: 401 },
          ),
    );
    server.use(http.get(api('/users/me'), () => HttpResponse.json({ status: 'success', data: { user: admin } })));
    const user = await signInWithPassword();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();

    const field = screen.getByLabelText('Authentication code');
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(twoFactorMessages.codeRequired)).toBeTruthy();

    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(twoFactorMessages.codeWrong)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Authentication code').value).toBe('');

    await user.type(screen.getByLabelText('Authentication code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await findPageHeading('Dashboard');
    expect(currentPath()).toBe('/admin');
    expect(codeStep.sent()).toEqual({ challenge: 'the-challenge', code: '123456' });
    expect(localStorage.getItem(storageKeys.token)).toBe('two-factor-token');
  });

  it('takes a recovery code instead, and goes back to the password when the challenge has died', async () => {
    const codeStep = answerCodeStep(() =>
      HttpResponse.json(
        { status: 'error', message: twoFactorMessages.challengeExpired, code: TWO_FACTOR_CHALLENGE_EXPIRED },
        { status: 401 },
      ),
    );
    const user = await signInWithPassword();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText('Recovery code');
    expect(document.activeElement).toBe(field);
    await user.type(field, 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await findPageHeading('Sign in');
    expect(codeStep.sent()).toEqual({ challenge: 'the-challenge', recovery_code: 'abcde-fghjk' });
    expect(screen.getByText(twoFactorMessages.challengeExpired)).toBeTruthy();
  });
});

describe('Admin Two-Factor = required', () => {
  it('sends an admin without two-factor from any admin page to the setup on the account page', async () => {
    storeSession(admin);
    server.use(
      http.get(api('/users/me'), () => HttpResponse.json({ status: 'success', data: { user: admin } })),
      http.get(api('/users/two-factor'), () =>
        HttpResponse.json({
          status: 'success',
          data: { enabled: false, enabled_at: null, recovery_codes_remaining: 0, setup_required: true },
        }),
      ),
      // What the server answers meanwhile, as it would.
      http.get(api('/admin/settings'), () =>
        HttpResponse.json(
          { status: 'error', message: twoFactorMessages.setupRequired, code: TWO_FACTOR_SETUP_REQUIRED },
          { status: 403 },
        ),
      ),
    );
    renderApp('/admin/settings');
    await findPageHeading('Your account');
    expect(currentPath()).toBe('/admin/account');
    expect(await screen.findByText(twoFactorMessages.setupRequired)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up two-factor authentication' })).toBeTruthy();
  });

  it('follows the server when an admin API answers TWO_FACTOR_SETUP_REQUIRED', async () => {
    storeSession(admin);
    server.use(
      http.get(api('/users/me'), () => HttpResponse.json({ status: 'success', data: { user: admin } })),
      http.get(api('/admin/settings'), () =>
        HttpResponse.json(
          { status: 'error', message: twoFactorMessages.setupRequired, code: TWO_FACTOR_SETUP_REQUIRED },
          { status: 403 },
        ),
      ),
    );
    renderApp('/admin/settings');
    await waitFor(() => expect(currentPath()).toBe('/admin/account'));
    await findPageHeading('Your account');
  });
});
