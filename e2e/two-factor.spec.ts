import { Secret, TOTP } from 'otpauth';
import type { APIRequestContext } from '@playwright/test';
import { messages, twoFactorMessages } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, loginApi, loginViaUi, pageHeading, registerPartner, signIn, test } from './support/fixtures';

const phone = { width: 390, height: 844 };

/** The code an authenticator app shows for `secret` at `timestamp` (the same library the server uses). */
const codeAt = (secret: string, timestamp: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });

/** A new admin of its own, so the shared first admin keeps signing in with a password alone. */
async function createAdmin(request: APIRequestContext) {
  const account = await registerPartner(request, { fullName: 'Tess Twofactor' });
  const headers = { Authorization: `Bearer ${await loginApi(request, ADMIN.email, ADMIN.password)}` };
  const users = await request.get(`/api/v1/admin/users?search=${encodeURIComponent(account.email)}`, { headers });
  expect(users.status(), await users.text()).toBe(200);
  const { items } = (await users.json()).data as { items: { id: number; email: string }[] };
  const id = items.find((u) => u.email === account.email)!.id;
  const promoted = await request.patch(`/api/v1/admin/users/${id}`, { headers, data: { role: 'admin' } });
  expect(promoted.status(), await promoted.text()).toBe(200);
  return account;
}

// The admin sets it up at desktop width and signs in on a phone.
test('an admin sets up two-factor and signs in with a code on a phone', async ({ browser, baseURL, request }) => {
  // Two browsers and a dozen screens: more than one page's default on a busy 2-core machine.
  test.setTimeout(120_000);
  const account = await createAdmin(request);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, account, '/admin/account');
  await expect(pageHeading(page, 'Your account')).toBeVisible();
  const card = page
    .getByRole('heading', { name: twoFactorMessages.cardTitle })
    .locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
  // Enrolment starts only with the current password.
  await card.getByLabel('Current password').fill('not-my-password');
  await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(card.getByText(messages.account.currentPasswordWrong)).toBeVisible();
  await card.getByLabel('Current password').fill(account.password);
  await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await card.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const code = card.getByLabel('Code from the app');
  await expect(code).toBeFocused();
  await code.fill('000000' === codeAt(secret, Date.now()) ? '111111' : '000000');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByText(twoFactorMessages.codeWrong)).toBeVisible();
  await code.fill(codeAt(secret, Date.now()));
  await card.getByRole('button', { name: 'Turn on' }).click();

  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText(/10 of 10 recovery codes left/)).toBeVisible();
  await expect(card.getByTestId('two-factor-secret')).toHaveCount(0);

  // A new browser: the password alone no longer signs in.
  const fresh = await browser.newContext({ baseURL, viewport: phone });
  const second = await fresh.newPage();
  await loginViaUi(second, account.email, account.password);
  await expect(pageHeading(second, 'Two-step verification')).toBeVisible();
  const field = second.getByLabel('Authentication code');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  // The next step's code: the one used to turn it on may still be current, and is never accepted twice.
  await field.fill(codeAt(secret, Date.now() + 30_000));
  await second.getByRole('button', { name: 'Verify' }).click();
  await expect(pageHeading(second, 'Dashboard')).toBeVisible();
  await expect(second).toHaveURL(/\/admin$/);
  await fresh.close();
  await context.close();
});

test('an admin resets the two-factor of a partner who lost their phone; the partner is told and signs in with the password', async ({
  page,
  request,
  mail,
}) => {
  const partner = await registerPartner(request, { fullName: 'Lou Lostphone' });
  const auth = { Authorization: `Bearer ${partner.token}` };
  const setup = await request.post('/api/v1/users/two-factor/setup', { headers: auth, data: { password: partner.password } });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()).data as { secret: string };
  const enabled = await request.post('/api/v1/users/two-factor/enable', {
    headers: auth,
    data: { code: codeAt(secret, Date.now()) },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  expect((await request.get('/api/v1/users/me', { headers: auth })).status()).toBe(200);

  await signIn(page, ADMIN, `/admin/users/${partner.user.id}`);
  await expect(pageHeading(page, 'Lou Lostphone')).toBeVisible();
  await page.getByRole('button', { name: 'Reset two-factor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset two-factor authentication' });
  await expect(dialog.getByText(/every session of theirs ends/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Reset two-factor' }).click();
  await expect(page.getByText(messages.adminUsers.twoFactorReset)).toBeVisible();

  // Their session ended, the mail says so, and the password alone signs in again.
  expect((await request.get('/api/v1/users/me', { headers: auth })).status()).toBe(401);
  expect((await mail.waitFor(partner.email)).subject).toMatch(/Two-factor authentication was turned off/);
  expect(await loginApi(request, partner.email, partner.password)).toEqual(expect.any(String));
});
