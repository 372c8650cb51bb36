import { messages } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, expectPage, loginApi, pageHeading, registerPartner, signIn, test, uniqueEmail } from './support/fixtures';

const phone = { width: 390, height: 844 };

test.describe('invite', () => {
  // Issue 23 §6: the first password signs the invitee in, their dashboard welcomes them (not "back"),
  // and the link, used, says so and offers sign-in.
  test('an admin invites a partner whose first password signs them in', async ({ browser, baseURL, mail: catcher }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signIn(page, ADMIN, '/admin/users');
    await expect(pageHeading(page, 'Users')).toBeVisible();

    const email = uniqueEmail('invited');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    await dialog.getByLabel('Full name').fill('Ivy Invited');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Compensation link (optional)').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText(messages.adminUsers.compensationLinkInvalid)).toBeVisible();
    await dialog.getByLabel('Compensation link (optional)').fill('https://pay.example.com/ivy');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row.getByText('Invited', { exact: true })).toBeVisible();

    const mail = await catcher.waitFor(email);
    const link = mail.text?.match(/https?:\/\/\S+invite=1/)?.[0];
    expect(link).toBeTruthy();
    const invitee = await browser.newContext({ baseURL });
    const invitePage = await invitee.newPage();
    await invitePage.goto(link!);
    await expect(invitePage.getByRole('heading', { name: messages.resetPassword.firstPasswordTitle })).toBeVisible();
    await invitePage.getByLabel('New password', { exact: true }).fill('ivy-first-password-1');
    await invitePage.getByLabel('Confirm new password').fill('ivy-first-password-1');
    await invitePage.getByRole('button', { name: 'Set password' }).click();
    await expectPage(invitePage, /\/dashboard$/, 'Dashboard');
    await expect(invitePage.getByText('Welcome, Ivy.')).toBeVisible();
    await expect(invitePage.getByText(/Welcome back/)).toHaveCount(0);

    // The same link again, signed out: it says it was used and offers sign-in.
    const later = await (await browser.newContext({ baseURL })).newPage();
    await later.goto(link!);
    await expect(pageHeading(later, messages.resetPassword.inviteUsedTitle)).toBeVisible();
    await expect(later.getByText(messages.resetPassword.inviteUsedBody)).toBeVisible();
    await later.getByRole('link', { name: 'Sign in' }).click();
    await expect(later).toHaveURL(/\/login$/);
    await later.context().close();
    await invitee.close();
    await context.close();
  });
});

test('a partner disabled while signed in lands on /login with the message at their next action', async ({
  browser,
  baseURL,
  admin,
}) => {
  const setup = await browser.newContext({ baseURL });
  const partner = await registerPartner(setup.request);
  const adminToken = await loginApi(setup.request, admin.email, admin.password);

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, partner, '/dashboard');
  // Wait until the dashboard has loaded its figures: a query still in flight when the account is
  // disabled would end the session before the action this test takes.
  await expectPage(page, /\/dashboard$/, 'Dashboard');
  await expect(page.getByRole('heading', { name: 'Get your first referral in three steps' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New: 0' })).toBeVisible();

  const list = await setup.request.get(`/api/v1/admin/users?search=${encodeURIComponent(partner.email)}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const id = (await list.json()).data.items[0].id as number;
  const disabled = await setup.request.post(`/api/v1/admin/users/${id}/disable`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { reason: 'e2e' },
  });
  expect(disabled.status()).toBe(200);

  // Their next action: open Settings from the account menu (it loads their Pixel ID).
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(messages.auth.sessionEnded)).toBeVisible();
  await expect(page.getByText(messages.auth.loggedOut)).toHaveCount(0);

  await page.getByLabel('Email').fill(partner.email);
  await page.getByLabel('Password', { exact: true }).fill(partner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(messages.auth.accountDisabled)).toBeVisible();
  await context.close();
  await setup.close();
});

test('an admin sets a compensation link and the partner’s My Commissions page links to it', async ({
  browser,
  baseURL,
  admin,
}) => {
  // Two people, two logins and the partner's commissions page.
  test.slow();
  const setup = await browser.newContext({ baseURL });
  const partner = await registerPartner(setup.request, { fullName: 'Cora Commission' });

  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin, `/admin/users?q=${encodeURIComponent(partner.email)}`);
  await adminPage.getByRole('link', { name: 'Cora Commission' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Cora Commission' })).toBeVisible();
  await adminPage.getByLabel('Compensation link').fill('http://not-https.example.com');
  await adminPage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(adminPage.getByText(messages.adminUsers.compensationLinkInvalid)).toBeVisible();
  await adminPage.getByLabel('Compensation link').fill('https://pay.example.com/cora');
  await adminPage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(adminPage.getByText(messages.adminUsers.updated)).toBeVisible();

  const context = await browser.newContext({ baseURL, viewport: phone });
  const page = await context.newPage();
  await signIn(page, partner, '/dashboard');
  await expectPage(page, /\/dashboard$/, 'Dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'My Commissions' }).click();
  await expect(page.getByRole('heading', { name: 'My Commissions', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /external statement/i })).toHaveAttribute('href', 'https://pay.example.com/cora');
  await context.close();
  await adminContext.close();
  await setup.close();
});

test.describe('brand settings', () => {
  test('reach the landing page and its preview tags; a javascript: Contact Us is refused', async ({
    browser,
    baseURL,
    freshSettings: _,
  }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signIn(page, ADMIN, '/admin/settings');
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add Contact Us' }).click();
    await page.getByLabel('Value').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save Setting' }).click();
    await expect(page.getByText('Enter a full web address starting with https:// or http://')).toBeVisible();
    await page.getByLabel('Value').fill('https://acme.example.com/contact');
    await page.getByRole('button', { name: 'Save Setting' }).click();
    await expect(page.getByText(messages.settings.added)).toBeVisible();

    await page.getByRole('button', { name: 'Add Company Name' }).click();
    await page.getByLabel('Value').fill('Acme Payments');
    await page.getByRole('button', { name: 'Save Setting' }).click();
    await expect(page.getByRole('button', { name: 'Change Company Name' })).toBeVisible();

    const partner = await registerPartner(context.request);
    const landing = await browser.newContext({ baseURL, viewport: phone });
    const visitor = await landing.newPage();
    await visitor.goto(`/referral/${partner.user.uuid}`);
    await expect(visitor.getByRole('banner').getByText('Acme Payments')).toBeVisible();
    await expect(visitor.getByRole('link', { name: messages.referral.getInTouch })).toHaveAttribute(
      'href',
      'https://acme.example.com/contact',
    );
    await expect(visitor.getByText('Example Payments')).toHaveCount(0);
    await expect(visitor.getByText(/Questions\? Call/)).toHaveCount(0);

    const html = await (await landing.request.get(`/referral/${partner.user.uuid}`)).text();
    expect(html).toContain('<title>Save on card processing fees | Acme Payments</title>');
    expect(html).toContain('<meta property="og:title" content="Save on card processing fees | Acme Payments" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    await landing.close();
    await context.close();
  });
});
