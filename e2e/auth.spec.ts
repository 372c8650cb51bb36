import type { Page } from '@playwright/test';
import { limits, messages } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, expectPage, loginViaUi, pageHeading, registerPartner, signIn, test } from './support/fixtures';

const onDashboard = (page: Page) => expectPage(page, /\/dashboard$/, 'Dashboard');
const onLogin = (page: Page) => expectPage(page, /\/login$/, 'Sign in');

test.describe('login', () => {
  test('sends a logged-out visitor to /login and back to the page they wanted', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await page.goto('/settings');
    await onLogin(page);
    await page.getByLabel('Email').fill(partner.email);
    await page.getByLabel('Password', { exact: true }).fill(partner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectPage(page, /\/settings$/, 'Settings');
  });

  test('lands an admin on /admin and a partner on /dashboard', async ({ browser, request, baseURL }) => {
    const partner = await registerPartner(request);
    const adminPage = await (await browser.newContext({ baseURL })).newPage();
    await loginViaUi(adminPage, ADMIN.email, ADMIN.password);
    await expectPage(adminPage, /\/admin$/, 'Dashboard');

    const partnerPage = await (await browser.newContext({ baseURL })).newPage();
    await loginViaUi(partnerPage, partner.email, partner.password);
    await onDashboard(partnerPage);
  });

  test('stores the session under token, user and auth-storage', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await loginViaUi(page, partner.email, partner.password);
    await onDashboard(page);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      user: JSON.parse(localStorage.getItem('user') ?? 'null') as { email: string } | null,
      store: JSON.parse(localStorage.getItem('auth-storage') ?? 'null') as { state: { token: string } } | null,
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.user?.email).toBe(partner.email);
    expect(stored.store?.state.token).toBe(stored.token);
  });

  test('shows the server message when the credentials are wrong', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await loginViaUi(page, partner.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText(messages.auth.invalidCredentials);
    await onLogin(page);
  });

  test('requires a valid email and a password before calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(messages.auth.emailRequired)).toBeVisible();
    await expect(page.getByText(messages.auth.passwordRequired)).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(messages.auth.emailInvalid)).toBeVisible();
  });

  test('sends a logged-in user away from the login-type pages', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await signIn(page, partner, '/dashboard');
    await onDashboard(page);
    for (const path of ['/login', '/forgot-password', '/reset-password?token=abc']) {
      await page.goto(path);
      await onDashboard(page);
    }
  });

  test('restores the session on reload and clears a corrupt stored user', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await signIn(page, partner, '/dashboard');
    await onDashboard(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    await page.evaluate(() => localStorage.setItem('user', '{not json'));
    await page.reload();
    await onLogin(page);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('sends the user to /login when the server rejects the stored token', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await signIn(page, partner, '/dashboard');
    await onDashboard(page);
    // End the session server-side behind the browser's back; the next call answers 401.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await request.post('/api/v1/users/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    await page.reload();
    await onLogin(page);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

test.describe('logout', () => {
  test('ends the session with a toast and lands on /login', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await signIn(page, partner, '/dashboard');
    await onDashboard(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByText(messages.auth.loggedOut)).toBeVisible();
    await onLogin(page);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
    const me = await request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);

    await page.goto('/settings');
    await onLogin(page);
  });
});

test.describe('password reset', () => {
  test('resets a forgotten password through the emailed link', async ({ page, request, mail }) => {
    const partner = await registerPartner(request);
    const newPassword = 'a-brand-new-password-2';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The page loads lazily: until its heading shows, the login form (and its Email field) is still there.
    await expectPage(page, /\/forgot-password$/, 'Forgot your password?');
    await page.getByLabel('Email').fill(partner.email);
    await page.getByRole('button', { name: messages.forgotPassword.button }).click();
    await expect(pageHeading(page, messages.forgotPassword.sentTitle)).toBeVisible();
    await expect(page.getByText(messages.forgotPassword.sentBody)).toBeVisible();

    const message = await mail.waitFor(partner.email);
    const link = message.text?.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    expect(link, message.text).toBeTruthy();

    await page.goto(link!);
    await expect(pageHeading(page, 'Choose a new password')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('something-else-1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText(messages.auth.passwordsMismatch)).toBeVisible();

    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText(messages.resetPassword.successToast)).toBeVisible();
    await onLogin(page);
    await expect(page.getByText(messages.resetPassword.successState)).toBeVisible();

    const oldLogin = await request.post('/api/v1/users/login', {
      data: { email: partner.email, password: partner.password },
    });
    expect(oldLogin.status()).toBe(401);

    await page.getByLabel('Email').fill(partner.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await onDashboard(page);

    // The link works once: used again, the server's message shows on the form.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await onLogin(page);
    await page.goto(link!);
    await expect(pageHeading(page, 'Choose a new password')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('yet-another-password-3');
    await page.getByLabel('Confirm new password').fill('yet-another-password-3');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.resetPassword.tokenInvalid);
  });

  test('validates the forgot-password email', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(pageHeading(page, 'Forgot your password?')).toBeVisible();
    await page.getByRole('button', { name: messages.forgotPassword.button }).click();
    await expect(page.getByText(messages.auth.emailRequired)).toBeVisible();
    await page.getByLabel('Email').fill('nope');
    await page.getByRole('button', { name: messages.forgotPassword.button }).click();
    await expect(page.getByText(messages.auth.emailInvalid)).toBeVisible();
  });
});

test('shows the invalid reset link screen without a token', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(pageHeading(page, messages.resetPassword.invalidTitle)).toBeVisible();
  await expect(page.getByText(messages.resetPassword.invalidBody)).toBeVisible();
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expectPage(page, /\/forgot-password$/, 'Forgot your password?');
});

test.describe('inactivity', () => {
  test('logs a user out after 5 minutes without activity, counted from the last one', async ({ page, request }) => {
    // The browser's clock is fake: minutes pass in an instant, and exactly when the test says.
    await page.clock.install();
    const partner = await registerPartner(request);
    await signIn(page, partner, '/dashboard');
    await onDashboard(page);

    await page.clock.fastForward(limits.inactivityLogoutMs - 60_000);
    await page.mouse.move(200, 300);
    await page.clock.fastForward(limits.inactivityLogoutMs - 60_000);
    await expect(pageHeading(page, 'Dashboard')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();

    await page.clock.fastForward(60_000);
    await onLogin(page);
    await expect(page.getByText(messages.auth.signedOutInactive)).toBeVisible();
    await expect(page.getByText(messages.auth.loggedOut)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
