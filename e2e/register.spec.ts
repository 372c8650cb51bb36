import type { APIRequestContext, Page } from '@playwright/test';
import { applicationMessages, messages } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, expectPage, loginApi, pageHeading, registerPartner, signIn, test, uniqueEmail } from './support/fixtures';

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

test.describe('knowing who applies (issue 23 §5)', () => {
  const adminHeaders = async (request: APIRequestContext) => ({
    Authorization: `Bearer ${await loginApi(request, ADMIN.email, ADMIN.password)}`,
  });
  async function approvalMode(request: APIRequestContext) {
    const res = await request.post('/api/v1/admin/settings', {
      headers: await adminHeaders(request),
      data: { key: 'Registration Mode', value: 'approval' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const noQuestions = async (request: APIRequestContext) =>
    expect(
      (
        await request.put('/api/v1/admin/application-questions', {
          headers: await adminHeaders(request),
          data: { questions: [] },
        })
      ).status(),
    ).toBe(200);

  test('the admin sets the questions, the applicant answers them, the admin reads the answers and rejects with a reason that is mailed', async ({
    browser,
    page,
    request,
    mail,
    freshSettings: _,
  }) => {
    test.slow();
    await approvalMode(request);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The admin's editor: the usual four, one changed to yes/no, saved.
    await signIn(page, ADMIN, '/admin/settings');
    const editor = page.getByRole('list', { name: 'Questions' });
    await page.getByRole('button', { name: 'Start from the usual four' }).click();
    await expect(editor.getByRole('listitem')).toHaveCount(4);
    await editor.getByRole('textbox', { name: 'Question 4', exact: true }).fill('Do you already work with merchants?');
    await editor.getByRole('combobox', { name: 'Answer type' }).nth(3).selectOption('yes_no');
    await editor.getByRole('checkbox', { name: 'Required' }).nth(3).check();
    await page.getByRole('button', { name: 'Save questions' }).click();
    await expect(page.getByText(applicationMessages.saved)).toBeVisible();

    // The applicant, signed out: the questions, their required messages, then the answers.
    const applicantContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const applicant = await applicantContext.newPage();
    const email = uniqueEmail('applicant');
    await openSignUp(applicant);
    await fillSignUp(applicant, { fullName: 'Ann Applicant', email, password, confirm: password });
    await createAccount(applicant).click();
    await expect(applicant.getByText(applicationMessages.answerRequired)).toHaveCount(3);
    await applicant.getByLabel('Company', { exact: true }).fill('Ann Payments LLC');
    await applicant.getByLabel('How will you refer merchants?').selectOption('Online');
    await applicant.getByRole('radio', { name: 'Yes' }).check();
    await createAccount(applicant).click();
    await expect(pageHeading(applicant, messages.application.underReviewTitle)).toBeVisible();
    await applicantContext.close();

    // The approving admin reads the answers on the applicant's page and rejects with a reason.
    const users = await request.get(`/api/v1/admin/users?search=${encodeURIComponent(email)}`, {
      headers: await adminHeaders(request),
    });
    const id = ((await users.json()).data.items as { id: number }[])[0]!.id;
    await page.goto(`/admin/users/${id}`);
    const heading = page.getByRole('heading', { name: 'Application', exact: true });
    // The answers load after the user (a second request): on a busy machine that takes a while.
    await expect(heading).toBeVisible({ timeout: 20_000 });
    const application = heading.locator('..');
    await expect(application).toContainText('Company');
    await expect(application).toContainText('Ann Payments LLC');
    await expect(application).toContainText('Online');
    await expect(application).toContainText('Do you already work with merchants?');
    await expect(application).toContainText('Yes');
    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject application' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('Please choose a reason')).toBeVisible();
    await dialog.getByLabel('Reason').selectOption('requirements');
    await dialog.getByLabel('Message (optional)').fill('We work with US businesses only.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    const rejection = await mail.waitFor(email);
    expect(rejection.text).toContain('Does not meet requirements');
    expect(rejection.text).toContain('We work with US businesses only.');
    await noQuestions(request);
  });

  test('the register form with questions fits a phone', async ({ page, request, freshSettings: _ }) => {
    await approvalMode(request);
    const saved = await request.put('/api/v1/admin/application-questions', {
      headers: await adminHeaders(request),
      data: {
        questions: [
          { label: 'Company', kind: 'text', required: true },
          { label: 'How will you refer merchants?', kind: 'choice', options: ['In person', 'Online', 'Both'] },
          { label: 'Do you already work with merchants?', kind: 'yes_no', required: true },
        ],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignUp(page);
    await expect(page.getByLabel('How will you refer merchants? (optional)')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'No' })).toBeVisible();
    await createAccount(page).scrollIntoViewIfNeeded();
    await expect(createAccount(page)).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await noQuestions(request);
  });
});
