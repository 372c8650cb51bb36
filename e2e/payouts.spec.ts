import fs from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { formatCents, payoutMessages } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, loginApi, pageHeading, registerPartner, signIn, test, type Account } from './support/fixtures';

// The flow is walked once, at desktop width; the phone gets a short check of the Tax tab (issue 22).
const viewports = [{ name: 'desktop', size: { width: 1280, height: 800 }, month: '2026-05' }] as const;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function adminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await loginApi(request, ADMIN.email, ADMIN.password)}` };
}

/** The program's bank for the NACHA file, and a published statement for the partner (setup, not under test). */
async function setUp(request: APIRequestContext, partner: Account, month: string, cents: number) {
  const headers = await adminHeaders(request);
  const originator = {
    'payouts.odfi_routing': '011000015',
    'payouts.odfi_name': 'Federal Reserve Bank',
    'payouts.company_name': 'Acme Payments',
    'payouts.company_id': '1987654321',
  };
  for (const [key, value] of Object.entries(originator)) {
    const put = await request.put(`/api/v1/admin/settings/${encodeURIComponent(key)}`, { headers, data: { value } });
    if (put.status() === 404) {
      const created = await request.post('/api/v1/admin/settings', { headers, data: { key, value } });
      expect(created.status(), await created.text()).toBeLessThan(300);
    } else expect(put.status(), await put.text()).toBeLessThan(300);
  }
  const line = await request.post('/api/v1/admin/commissions/lines', {
    headers,
    data: { partner_id: partner.user.id, month, amount_cents: cents, description: 'Residuals' },
  });
  expect(line.status(), await line.text()).toBeLessThan(300);
  const list = await request.get(`/api/v1/admin/statements?month=${month}&partner_id=${partner.user.id}`, { headers });
  const statement = (await list.json()).data.items[0];
  const published = await request.post('/api/v1/admin/statements/publish', { headers, data: { statement_ids: [statement.id] } });
  expect(published.status()).toBe(200);
  return statement.id as string;
}

async function partnerPage(browser: Browser, baseURL: string, size: { width: number; height: number }, partner: Account) {
  const context = await browser.newContext({ baseURL, viewport: size });
  const page = await context.newPage();
  await signIn(page, partner, '/settings?tab=payouts');
  await expect(pageHeading(page, 'Settings')).toBeVisible();
  return page;
}

async function expectReadiness(page: Page, label: string) {
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payouts', level: 2 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(label, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
}

for (const viewport of viewports) {
  test.describe(`payouts (${viewport.name})`, () => {
    test.use({ viewport: viewport.size, acceptDownloads: true });

    test('W-9 and bank, review, batch, NACHA, sent, settled, return, and the retry; the partner sees each step (held until Ready)', async ({
      page,
      browser,
      baseURL,
      request,
    }) => {
      // The whole loop, two people, a dozen screens: more than one screen's default budget.
      test.setTimeout(180_000);
      const name = `Jane ${viewport.name} Payee`;
      const partner = await registerPartner(request, { fullName: name });
      const amount = 123_456;
      const statementId = await setUp(request, partner, viewport.month, amount);

      // The partner fills in the W-9 and the bank account.
      const p = await partnerPage(browser, baseURL!, viewport.size, partner);
      // Not Ready yet: the statement says it is held, and why.
      await p.goto(`/compensation/statements/${statementId}`);
      const held = p.getByTestId('statement-held');
      await expect(held).toContainText(payoutMessages.heldNotReady, { timeout: 30_000 });
      await expect(held).toContainText(payoutMessages.heldLabel);
      await p.goto('/settings?tab=payouts');
      await expect(p.getByText('Not started', { exact: true })).toBeVisible();
      const w9 = p.getByRole('form', { name: 'W-9' });
      await w9.getByLabel('Name (as shown on your income tax return)').fill(name);
      await w9.getByLabel('Taxpayer ID number').fill('123-45-678');
      await w9.getByLabel('Street address').fill('1 Main St');
      await w9.getByLabel('City').fill('Austin');
      await w9.getByLabel('State').fill('TX');
      await w9.getByLabel('ZIP code').fill('78701');
      await w9.getByRole('checkbox').check();
      await w9.getByLabel('Signature (type your full name)').fill(name);
      await w9.getByRole('button', { name: 'Sign and submit W-9' }).click();
      // Eight digits: the field says what is wrong, nothing is saved.
      await expect(w9.getByText('Enter the 9 digits of your taxpayer identification number')).toBeVisible();
      await w9.getByLabel('Taxpayer ID number').fill('123-45-6789');
      await w9.getByRole('button', { name: 'Sign and submit W-9' }).click();
      await expect(p.getByTestId('tax-form-summary')).toContainText('•••-••-6789');
      await expect(p.getByTestId('tax-form-summary')).not.toContainText('123-45-6789');

      const bank = p.getByRole('form', { name: 'Bank account' });
      await bank.getByLabel('Routing number').fill('021000022');
      await bank.getByLabel('Account number').fill('000123456789');
      await bank.getByRole('button', { name: 'Save bank account' }).click();
      await expect(bank.getByText('This routing number is not valid: check each digit')).toBeVisible();
      await bank.getByLabel('Routing number').fill('021000021');
      await bank.getByRole('button', { name: 'Save bank account' }).click();
      await expect(p.getByTestId('bank-summary')).toContainText('••••6789');
      await expectReadiness(p, 'Submitted');

      // The admin approves the W-9 in the review queue.
      await signIn(page, ADMIN, '/admin/payouts');
      await expect(pageHeading(page, 'Payouts')).toBeVisible();
      const reviewRow = page.getByRole('row', { name: new RegExp(name) });
      await expect(reviewRow).toContainText('SSN •••-••-6789');
      await reviewRow.getByRole('button', { name: 'Approve' }).click();
      await expect(page.getByText(`Tax form of ${name} approved`)).toBeVisible();
      await expectReadiness(p, 'Ready');

      // The month's batch, its NACHA file, sent.
      await page.getByRole('tab', { name: 'Batches' }).click();
      await page.getByLabel('Statements up to').fill(viewport.month);
      await page.getByLabel('Effective date').fill(inDays(3));
      await page.getByRole('button', { name: 'Build batch' }).click();
      const payoutRow = page.getByRole('row', { name: new RegExp(name) });
      await expect(payoutRow).toContainText(formatCents(amount));
      await expect(payoutRow).toContainText('Pending');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download NACHA file' }).click(),
      ]);
      const file = fs.readFileSync(await download.path(), 'utf8');
      const records = file.split('\r\n').filter(Boolean);
      expect(records.every((r) => r.length === 94)).toBe(true);
      expect(records.length % 10).toBe(0);
      expect(records.some((r) => r.startsWith('622021000021000123456789') && r.includes(String(amount).padStart(10, '0')))).toBe(
        true,
      );
      await page.getByRole('button', { name: 'Mark sent' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Mark sent' }).click();
      await expect(page.getByText(/Batch marked sent/)).toBeVisible();
      await expect(payoutRow).toContainText('Sent');

      // The partner sees the payout on /compensation.
      await p.goto('/compensation');
      // A fresh page load: its chunks and three requests, slow on a loaded machine.
      await expect(p.getByTestId('last-payout')).toContainText(`${formatCents(amount)} · Sent`, { timeout: 30_000 });
      await p.goto(`/compensation/statements/${statementId}`);
      await expect(p.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
      await expect(p.getByTestId('statement-held')).toHaveCount(0);

      // The bank settles the batch: the sent payouts are paid.
      await page.getByRole('button', { name: 'Mark settled' }).click();
      await expect(page.getByText(/^Batch settled: \d+ payouts? paid$/)).toBeVisible();
      await expect(payoutRow).toContainText('Paid');
      await expect(page.getByRole('button', { name: 'Mark settled' })).toHaveCount(0);

      // The bank returns it: R03.
      await payoutRow.getByRole('button', { name: 'Record return' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('ACH return code').selectOption('R03');
      await dialog.getByRole('button', { name: 'Record return' }).click();
      await expect(payoutRow).toContainText('Returned R03');

      await p.goto('/settings?tab=payouts');
      await expect(p.getByText('Needs attention', { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(p.getByTestId('readiness-message')).toContainText('R03');
      await p.getByRole('button', { name: 'Change bank account' }).click();
      const again = p.getByRole('form', { name: 'Bank account' });
      await again.getByLabel('Routing number').fill('011000015');
      await again.getByLabel('Account number').fill('55554444');
      await again.getByRole('button', { name: 'Save bank account' }).click();
      await expect(p.getByTestId('bank-summary')).toContainText('••••4444');
      await expectReadiness(p, 'Ready');

      // The next batch retries the payout.
      await page.getByLabel('Statements up to').fill(viewport.month);
      await page.getByLabel('Effective date').fill(inDays(20));
      await page.getByRole('button', { name: 'Build batch' }).click();
      const retryRow = page.getByRole('row', { name: new RegExp(`${name}.*Retry`) });
      await expect(retryRow).toContainText(formatCents(amount));
      await expect(retryRow).toContainText('••••4444');
      await p.goto('/compensation');
      await expect(p.getByTestId('last-payout')).toContainText('Pending', { timeout: 30_000 });
      await p.context().close();
    });
  });
}

/** A W-9 payee paid `cents` in `year` (statement marked paid through the API). */
async function payee(request: APIRequestContext, fullName: string, year: number, cents: number) {
  const headers = await adminHeaders(request);
  const partner = await registerPartner(request, { fullName });
  const w9 = await request.put('/api/v1/users/payout-details', {
    headers: { Authorization: `Bearer ${partner.token}` },
    data: {
      tax_form: {
        kind: 'w9',
        legal_name: fullName,
        business_name: null,
        entity_type: 'individual',
        address: { line1: '1 Main St', line2: null, city: 'Austin', state: 'TX', zip: '78701' },
        tin_type: 'ssn',
        tin: '123-45-6789',
        certify: true,
        signature: fullName,
      },
    },
  });
  expect(w9.status(), await w9.text()).toBe(200);
  const month = `${year}-02`;
  const line = await request.post('/api/v1/admin/commissions/lines', {
    headers,
    data: { partner_id: partner.user.id, month, amount_cents: cents, description: 'Residuals' },
  });
  expect(line.status(), await line.text()).toBeLessThan(300);
  const list = await request.get(`/api/v1/admin/statements?month=${month}&partner_id=${partner.user.id}`, { headers });
  const ids = [(await list.json()).data.items[0].id];
  expect((await request.post('/api/v1/admin/statements/publish', { headers, data: { statement_ids: ids } })).status()).toBe(200);
  const paid = await request.post('/api/v1/admin/statements/paid', {
    headers,
    data: { statement_ids: ids, paid_on: `${year}-03-10`, method: 'ach', reference: 'e2e' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

test.describe('1099-NEC thresholds', () => {
  test('an admin sets a year’s threshold to $2,000: $1,999.99 out, $2,000.00 in', async ({ page, request }) => {
    const tag = Math.random().toString(36).slice(2, 7);
    await payee(request, `Otto Out ${tag}`, 2021, 199_999);
    await payee(request, `Ina In ${tag}`, 2021, 200_000);
    await signIn(page, ADMIN, '/admin/payouts?tab=tax');
    await expect(pageHeading(page, 'Payouts')).toBeVisible();
    const form = page.getByRole('form', { name: 'Set a year’s threshold' });
    await form.getByLabel('Year').fill('2021');
    await form.getByLabel('Threshold ($)').fill('0');
    await form.getByRole('button', { name: 'Save threshold' }).click();
    await expect(form.getByText(payoutMessages.thresholdAmountInvalid)).toBeVisible();
    await form.getByLabel('Threshold ($)').fill('2000.00');
    await form.getByRole('button', { name: 'Save threshold' }).click();
    await expect(page.getByText(payoutMessages.thresholdSaved(2021))).toBeVisible();
    const row = page.getByRole('table', { name: '1099-NEC thresholds by year' }).getByRole('row', { name: /2021/ });
    await expect(row).toContainText('$2,000.00');
    await expect(row).toContainText('Program');

    await page.getByLabel('Tax year').selectOption('2021');
    await expect(page.getByTestId('threshold')).toContainText('at least $2,000.00 in 2021');
    const payees = page.getByRole('table', { name: '1099-NEC payees, 2021' });
    await expect(payees.getByText(`Ina In ${tag}`)).toBeVisible();
    await expect(payees.getByText(`Otto Out ${tag}`)).toHaveCount(0);
  });
});

test.describe('payouts (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Tax tab and its threshold table fit a phone', async ({ page }) => {
    await signIn(page, ADMIN, '/admin/payouts?tab=tax');
    await expect(page.getByRole('heading', { name: 'Thresholds by year' })).toBeVisible({ timeout: 30_000 });
    const save = page.getByRole('button', { name: 'Save threshold' });
    await save.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the partner’s payout details fit a phone', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await signIn(page, partner, '/settings?tab=payouts');
    await expect(page.getByRole('heading', { name: 'Payouts', level: 2 })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
