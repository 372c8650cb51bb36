import type { Browser, BrowserContext } from '@playwright/test';
import { messages } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, loginViaUi, registerPartner, test } from './support/fixtures';
import { startMailCatcher, type MailCatcher } from './support/smtp';
import { startPortal, type Portal } from './support/server';

/** A browser context whose relative URLs (page.goto, context.request) go to a private server. */
const contextFor = (browser: Browser, portal: Portal): Promise<BrowserContext> =>
  browser.newContext({ baseURL: portal.baseURL });

test.describe('login', () => {
  test('sends a logged-out visitor to /login and back to the page they wanted', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(partner.email);
    await page.getByLabel('Password', { exact: true }).fill(partner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  });

  test('lands an admin on /admin and a partner on /dashboard', async ({ browser, request }) => {
    const partner = await registerPartner(request);
    const adminPage = await (await browser.newContext()).newPage();
    await loginViaUi(adminPage, ADMIN.email, ADMIN.password);
    await expect(adminPage).toHaveURL(/\/admin$/);
    await expect(adminPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    const partnerPage = await (await browser.newContext()).newPage();
    await loginViaUi(partnerPage, partner.email, partner.password);
    await expect(partnerPage).toHaveURL(/\/dashboard$/);
    await expect(partnerPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('stores the session under token, user and auth-storage', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await loginViaUi(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
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
    await expect(page).toHaveURL(/\/login$/);
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
    await loginViaUi(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const path of ['/login', '/forgot-password', '/reset-password?token=abc']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });

  test('restores the session on reload and clears a corrupt stored user', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await loginViaUi(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    await page.evaluate(() => localStorage.setItem('user', '{not json'));
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('sends the user to /login when the server rejects the stored token', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await loginViaUi(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    // End the session server-side behind the browser's back; the next call answers 401.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await request.post('/api/v1/users/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

test.describe('logout', () => {
  test('ends the session with a toast and lands on /login', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await loginViaUi(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await page.evaluate(() => localStorage.getItem('token'));

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByText(messages.auth.loggedOut)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
    const me = await request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);

    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('password reset', () => {
  let catcher: MailCatcher;
  let portal: Portal;

  test.beforeAll(async () => {
    catcher = await startMailCatcher();
    portal = await startPortal({ SMTP_URL: catcher.url });
  });
  test.afterAll(async () => {
    await portal?.stop();
    await catcher?.close();
  });

  test('resets a forgotten password through the emailed link', async ({ browser }) => {
    const context = await contextFor(browser, portal);
    const page = await context.newPage();
    const partner = await registerPartner(context.request);
    const newPassword = 'a-brand-new-password-2';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(partner.email);
    await page.getByRole('button', { name: messages.forgotPassword.button }).click();
    await expect(page.getByRole('heading', { name: messages.forgotPassword.sentTitle })).toBeVisible();
    await expect(page.getByText(messages.forgotPassword.sentBody)).toBeVisible();

    const mail = await catcher.waitFor(partner.email);
    const link = mail.text?.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    expect(link, mail.text).toBeTruthy();

    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('something-else-1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText(messages.auth.passwordsMismatch)).toBeVisible();

    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText(messages.resetPassword.successToast)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(messages.resetPassword.successState)).toBeVisible();

    const oldLogin = await context.request.post('/api/v1/users/login', {
      data: { email: partner.email, password: partner.password },
    });
    expect(oldLogin.status()).toBe(401);

    await page.getByLabel('Email').fill(partner.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link works once: used again, the server's message shows on the form.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('yet-another-password-3');
    await page.getByLabel('Confirm new password').fill('yet-another-password-3');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.resetPassword.tokenInvalid);
    await context.close();
  });

  test('validates the forgot-password email', async ({ browser }) => {
    const context = await contextFor(browser, portal);
    const page = await context.newPage();
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: messages.forgotPassword.button }).click();
    await expect(page.getByText(messages.auth.emailRequired)).toBeVisible();
    await page.getByLabel('Email').fill('nope');
    await page.getByRole('button', { name: messages.forgotPassword.button }).click();
    await expect(page.getByText(messages.auth.emailInvalid)).toBeVisible();
    await context.close();
  });
});

test('shows the invalid reset link screen without a token', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: messages.resetPassword.invalidTitle })).toBeVisible();
  await expect(page.getByText(messages.resetPassword.invalidBody)).toBeVisible();
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test.describe('inactivity', () => {
  let portal: Portal;
  test.beforeAll(async () => {
    portal = await startPortal({ INACTIVITY_LOGOUT_MS: '3000' });
  });
  test.afterAll(async () => {
    await portal?.stop();
  });

  test('logs an idle user out and lands on /login', async ({ browser }) => {
    const context = await contextFor(browser, portal);
    const page = await context.newPage();
    const partner = await registerPartner(context.request);
    await loginViaUi(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const idleSince = Date.now();
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
    expect(Date.now() - idleSince).toBeGreaterThanOrEqual(2_000);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });
});
