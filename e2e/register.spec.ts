import type { Page } from '@playwright/test';
import { messages } from '@portal/contract';
import { expect, expectPage, pageHeading, registerPartner, test, uniqueEmail } from './support/fixtures';

const password = 'a-good-partner-password';

async function openSignUp(page: Page) {
  await page.goto('/login');
  await expect(pageHeading(page, 'Sign in')).toBeVisible();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your partner account', level: 1 })).toBeVisible();
}

async function fillSignUp(page: Page, values: { fullName: string; email: string; password: string; confirm: string }) {
  await page.getByLabel('Full Name').pressSequentially(values.fullName);
  await page.getByLabel('Email').pressSequentially(values.email);
  await page.getByLabel('Password', { exact: true }).pressSequentially(values.password);
  await page.getByLabel('Confirm Password').pressSequentially(values.confirm);
}

const createAccount = (page: Page) => page.getByRole('button', { name: 'Create account' });

test.describe('registration on the login screen', () => {
  test('creates a partner account and lands on /dashboard signed in', async ({ page }) => {
    const email = uniqueEmail('signup');
    await openSignUp(page);
    await fillSignUp(page, { fullName: 'Nora Newpartner', email, password, confirm: password });
    await createAccount(page).click();

    await expectPage(page, /\/dashboard$/, 'Dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'My Commissions' })).toBeVisible();
    await expect(nav.getByRole('button', { name: /Public URL/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);

    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      user: JSON.parse(localStorage.getItem('user') ?? 'null') as { email: string; role: string } | null,
      store: JSON.parse(localStorage.getItem('auth-storage') ?? 'null') as { state: { token: string } } | null,
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.user).toMatchObject({ email, role: 'user' });
    expect(stored.store?.state.token).toBe(stored.token);

    // The new account signs in again after a reload, so the session really was stored.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('takes a new partner to the page they were sent away from', async ({ page }) => {
    await page.goto('/settings');
    await expectPage(page, /\/login$/, 'Sign in');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await fillSignUp(page, { fullName: 'Remy Remembered', email: uniqueEmail('signup'), password, confirm: password });
    await createAccount(page).click();
    await expectPage(page, /\/settings$/, 'Settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  });

  test('shows each field message before calling the server', async ({ page }) => {
    const registerCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/users/register')) registerCalls.push(request.url());
    });
    await openSignUp(page);

    await createAccount(page).click();
    for (const message of [
      messages.auth.fullNameRequired,
      messages.auth.emailRequired,
      messages.auth.passwordRequired,
      messages.auth.confirmRequired,
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');

    await fillSignUp(page, { fullName: 'Val Idation', email: 'not-an-email', password: 'short', confirm: 'short' });
    await createAccount(page).click();
    await expect(page.getByText(messages.auth.emailInvalid, { exact: true })).toBeVisible();
    await expect(page.getByText(messages.auth.passwordTooShort, { exact: true })).toBeVisible();
    await expect(page.getByText(messages.auth.fullNameRequired, { exact: true })).toHaveCount(0);

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(`${password}-typo`);
    await page.getByLabel('Email').fill(uniqueEmail('signup'));
    await createAccount(page).click();
    await expect(page.getByText(messages.auth.passwordsMismatch, { exact: true })).toBeVisible();
    await expect(page.getByText(messages.auth.emailInvalid, { exact: true })).toHaveCount(0);

    expect(registerCalls).toEqual([]);
    await expectPage(page, /\/login$/, 'Create your partner account');
  });

  test("shows the server's message next to the email when it is already registered", async ({ page, request }) => {
    const existing = await registerPartner(request);
    await openSignUp(page);
    await fillSignUp(page, { fullName: 'Second Try', email: existing.email.toUpperCase(), password, confirm: password });
    await createAccount(page).click();

    const email = page.getByLabel('Email');
    await expect(page.getByText(messages.auth.emailTaken, { exact: true })).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expectPage(page, /\/login$/, 'Create your partner account');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // A different email clears the message and goes through.
    await email.fill(uniqueEmail('signup'));
    await expect(page.getByText(messages.auth.emailTaken, { exact: true })).toHaveCount(0);
    await createAccount(page).click();
    await expectPage(page, /\/dashboard$/, 'Dashboard');
  });

  test('shows the loading state, and the generic message when the answer is not a success', async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // spec §5: a 2xx whose status is not 'success' is a failed registration.
    await page.route('**/api/v1/users/register', async (route) => {
      await released;
      await route.fulfill({ status: 200, json: { status: 'error', message: 'Not today' } });
    });
    await openSignUp(page);
    await fillSignUp(page, { fullName: 'Lou Loading', email: uniqueEmail('signup'), password, confirm: password });
    await createAccount(page).click();

    const busy = page.getByRole('button', { name: 'Creating account…' });
    await expect(busy).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    release();

    await expect(page.getByRole('alert')).toHaveText(messages.auth.registrationFailed);
    await expect(createAccount(page)).toBeEnabled();
    await expectPage(page, /\/login$/, 'Create your partner account');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('switches between the two forms and moves focus to the first field', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Create your partner account', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Full Name')).toBeFocused();
    await expectPage(page, /\/login$/, 'Create your partner account');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('Full Name')).toHaveCount(0);

    await page.keyboard.type(partner.email);
    await page.getByLabel('Password', { exact: true }).pressSequentially(partner.password);
    await page.keyboard.press('Enter');
    await expectPage(page, /\/dashboard$/, 'Dashboard');
  });
});
