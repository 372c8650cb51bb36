import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { composeLeadPayload, leadSourceLabels, leadStatusLabels, messages, pipelineMessages } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { ADMIN } from './support/constants';
import { expect, loginApi, registerPartner, signIn, submitReferral, test } from './support/fixtures';

const viewports = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;

async function openAdminLeads(page: Page, search: string) {
  await signIn(page, ADMIN, '/admin/leads');
  await expect(page.getByRole('heading', { name: 'Referrals', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search referrals' }).fill(search);
  // The search applies after a pause; "Clear filters" appears once it has.
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
}

// The admin works at desktop width and the partner follows on a phone: each screen at the width it is used most.
for (const viewport of viewports.filter((v) => v.name === 'desktop')) {
  test.describe(`lead pipeline (${viewport.name})`, () => {
    test.use({ viewport: viewport.size });

    test('an admin moves a lead from New to Approved merchant; the partner sees each move and the visible note', async ({
      browser,
      page,
      request,
    }) => {
      // Two people, four logins and two moves in one story.
      test.slow();
      const suffix = randomBytes(4).toString('hex');
      const business = `Bakery ${suffix}`;
      const partner = await registerPartner(request);
      await submitReferral(request, partner, business);

      await openAdminLeads(page, suffix);
      const row = page.getByRole('row', { name: new RegExp(business) });
      await expect(row).toContainText(partner.fullName);
      await expect(row).toContainText(leadStatusLabels.new);
      await row.getByRole('button', { name: business }).click();

      const sheet = page.getByRole('dialog', { name: `Referral ${business}` });
      await expect(sheet.getByRole('heading', { name: 'Consent proof' })).toBeVisible();

      // New → Contacted, with a note the partner may see.
      await sheet.getByRole('button', { name: 'Change status' }).click();
      let move = page.getByRole('dialog', { name: 'Change status' });
      await move.getByLabel('New status').selectOption({ label: leadStatusLabels.contacted });
      await move.getByLabel('Note (optional)').fill(`Called the owner ${suffix}`);
      await move.getByLabel('Visible to partner').check();
      await move.getByRole('button', { name: 'Save status' }).click();
      // The dialog closes on success (the 2-second toast is not waited for: a busy machine may miss it).
      await expect(move).toBeHidden();
      await expect(sheet.getByRole('button', { name: 'Change status' })).toBeEnabled();
      await expect(sheet.getByText(`Called the owner ${suffix}`)).toBeVisible();

      // Contacted → Approved merchant: refused without a MID, saved with one.
      await sheet.getByRole('button', { name: 'Change status' }).click();
      move = page.getByRole('dialog', { name: 'Change status' });
      await move.getByLabel('New status').selectOption({ label: leadStatusLabels.approved });
      await move.getByRole('button', { name: 'Save status' }).click();
      await expect(move.getByText(pipelineMessages.midRequired)).toBeVisible();
      await move.getByLabel('Merchant ID (MID)').fill(`MID-${suffix}`);
      await move.getByRole('button', { name: 'Save status' }).click();
      await expect(move).toBeHidden();
      await expect(sheet.getByText(`MID-${suffix}`)).toBeVisible();
      await expect(sheet.getByText('This is a final status.')).toBeVisible();
      await expect(sheet.getByRole('button', { name: 'Change status' })).toBeDisabled();
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(row).toContainText(leadStatusLabels.approved);

      // The partner sees the moves and the visible note on /referrals.
      const partnerContext = await browser.newContext({ viewport: viewports[1].size });
      const partnerPage = await partnerContext.newPage();
      await signIn(partnerPage, partner, '/dashboard');
      await expect(partnerPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expect(partnerPage.getByRole('link', { name: business })).toBeVisible();
      await partnerPage.getByRole('link', { name: 'View all', exact: true }).click();
      await expect(partnerPage.getByRole('heading', { name: 'Referrals', level: 1 })).toBeVisible();
      const partnerRow = partnerPage.getByRole('row', { name: new RegExp(business) });
      await expect(partnerRow).toContainText(leadStatusLabels.approved);
      await partnerRow.getByRole('link', { name: business }).click();
      await expect(partnerPage.getByRole('heading', { name: business, level: 1 })).toBeVisible();
      const history = partnerPage.getByRole('list', { name: 'History' });
      await expect(history).toContainText(`Called the owner ${suffix}`);
      await expect(
        history.getByText(`Status moved from ${leadStatusLabels.new} to ${leadStatusLabels.contacted}`),
      ).toBeAttached();
      await expect(
        history.getByText(`Status moved from ${leadStatusLabels.contacted} to ${leadStatusLabels.approved}`),
      ).toBeAttached();
      await partnerContext.close();
    });
  });
}

test.describe('lead pipeline lists', () => {
  test('filters by status, searches and exports the filtered referrals as CSV', async ({ browser, page, request }) => {
    const suffix = randomBytes(4).toString('hex');
    const partner = await registerPartner(request);
    const movedId = await submitReferral(request, partner, `Florist ${suffix}`);
    await submitReferral(request, partner, `Hardware ${suffix}`);
    const adminToken = await loginApi(request, ADMIN.email, ADMIN.password);
    const moved = await request.post(`/api/v1/admin/leads/${movedId}/status`, {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { status: 'contacted', expected_status: 'new' },
    });
    expect(moved.status(), await moved.text()).toBe(200);

    // Admin: a search finds both; the Contacted filter keeps one, and the URL keeps both.
    await openAdminLeads(page, suffix);
    await expect(page.getByRole('row', { name: new RegExp(`Florist ${suffix}`) })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`Hardware ${suffix}`) })).toBeVisible();
    await page.getByRole('tab', { name: new RegExp(leadStatusLabels.contacted) }).click();
    await expect(page.getByRole('row', { name: new RegExp(`Hardware ${suffix}`) })).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(`Florist ${suffix}`) })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab', { name: new RegExp(leadStatusLabels.contacted) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('searchbox', { name: 'Search referrals' })).toHaveValue(suffix);
    await expect(page.getByRole('row', { name: new RegExp(`Florist ${suffix}`) })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = fs.readFileSync(await (await download).path(), 'utf8');
    expect(csv).toContain(`Florist ${suffix}`);
    expect(csv).not.toContain(`Hardware ${suffix}`);

    // Partner: the same on /referrals, with only their own referrals.
    const partnerContext = await browser.newContext();
    const partnerPage = await partnerContext.newPage();
    await signIn(partnerPage, partner, '/dashboard');
    await expect(partnerPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await partnerPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Referrals' }).click();
    await expect(partnerPage.getByRole('heading', { name: 'Referrals', level: 1 })).toBeVisible();
    await expect(partnerPage.getByRole('tab', { name: /All/ })).toContainText('2');
    await partnerPage.getByRole('searchbox', { name: 'Search referrals' }).fill('Hardware');
    await expect(partnerPage.getByRole('row', { name: new RegExp(`Florist ${suffix}`) })).toHaveCount(0);
    await expect(partnerPage.getByRole('row', { name: new RegExp(`Hardware ${suffix}`) })).toBeVisible();
    const partnerDownload = partnerPage.waitForEvent('download');
    await partnerPage.getByRole('button', { name: 'Export CSV' }).click();
    const partnerCsv = fs.readFileSync(await (await partnerDownload).path(), 'utf8');
    expect(partnerCsv).toContain(`Hardware ${suffix}`);
    expect(partnerCsv).not.toContain(`Florist ${suffix}`);
    await partnerContext.close();
  });
});

test.describe('admin tools', () => {
  test('the admin home fits a phone with a year of referrals per day', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await submitReferral(request, partner, `Year Chart ${randomBytes(4).toString('hex')}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, ADMIN, '/admin?period=12m');
    await expect(page.getByRole('img', { name: /^Referrals per day, / })).toBeVisible();
    // 365 bars must share the card's width: nothing may scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('an admin submits a referral credited to a partner picked by name', async ({ page, request }) => {
    const suffix = randomBytes(4).toString('hex');
    const partner = await registerPartner(request, { fullName: `Quinn ${suffix}` });
    await signIn(page, ADMIN, '/admin');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Submit Referral' }).click();
    await expect(page.getByRole('heading', { name: 'Submit Referral', level: 1 })).toBeVisible();

    const picker = page.getByRole('combobox', { name: 'Credit to partner (optional)' });
    await picker.fill(suffix);
    await page.getByRole('option', { name: new RegExp(`Quinn ${suffix}`) }).click();
    await expect(page.getByRole('button', { name: `Remove Quinn ${suffix}` })).toBeVisible();

    const form = page.locator('form').filter({ has: page.getByLabel('Business Name', { exact: true }) });
    await form.getByLabel('Business Name', { exact: true }).fill(`Deli ${suffix}`);
    await form.getByLabel('Full Name', { exact: true }).fill('Dana Deli');
    await form.getByLabel('Email', { exact: true }).fill(`dana-${suffix}@deli.example`);
    await form.getByLabel('Industry', { exact: true }).selectOption('Restaurant');
    await form.getByLabel('Phone Number', { exact: true }).fill('4155550123');
    await form.getByLabel('Additional Notes', { exact: true }).fill('Walk-in at the office');
    await form.getByRole('checkbox', { name: /text messages/ }).check();
    await form.getByRole('checkbox', { name: /marketing/ }).check();
    await form.getByRole('button', { name: 'Submit Referral' }).click();
    await expect(page.getByText(messages.referral.submitted)).toBeVisible();

    await page.goto(`/admin/leads?q=${suffix}`);
    const row = page.getByRole('row', { name: new RegExp(`Deli ${suffix}`) });
    await expect(row).toContainText(`Quinn ${suffix}`);
    await expect(row).toContainText(leadSourceLabels.admin);
    const token = await loginApi(request, partner.email, partner.password);
    const mine = await request.get('/api/v1/leads/mine', { headers: { Authorization: `Bearer ${token}` } });
    expect((await mine.json()).data.items.map((item: { business: string }) => item.business)).toContain(`Deli ${suffix}`);
  });

  test('a move from a status someone else just changed reloads the lead and says so', async ({ page, request }) => {
    const suffix = randomBytes(4).toString('hex');
    const partner = await registerPartner(request);
    const id = await submitReferral(request, partner, `Cinema ${suffix}`);
    await openAdminLeads(page, suffix);
    await page.getByRole('button', { name: `Cinema ${suffix}` }).click();
    const sheet = page.getByRole('dialog', { name: `Referral Cinema ${suffix}` });
    await sheet.getByRole('button', { name: 'Change status' }).click();
    const move = page.getByRole('dialog', { name: 'Change status' });
    await move.getByLabel('New status').selectOption({ label: leadStatusLabels.analysis });

    // Meanwhile another admin moves it to Contacted.
    const adminToken = await loginApi(request, ADMIN.email, ADMIN.password);
    const other = await request.post(`/api/v1/admin/leads/${id}/status`, {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { status: 'contacted', expected_status: 'new' },
    });
    expect(other.status(), await other.text()).toBe(200);

    await move.getByRole('button', { name: 'Save status' }).click();
    await expect(move.getByRole('alert')).toHaveText(pipelineMessages.staleStatus);
    await expect(move).toContainText(leadStatusLabels.contacted);
    await expect(sheet.getByText(`Status moved from ${leadStatusLabels.new} to ${leadStatusLabels.contacted}`)).toBeAttached();
  });

  test('a bulk move checks each selected lead on its own and lists the results', async ({ page, request }) => {
    const suffix = randomBytes(4).toString('hex');
    const partner = await registerPartner(request);
    await submitReferral(request, partner, `Kiosk ${suffix}`);
    const finalId = await submitReferral(request, partner, `Tailor ${suffix}`);
    const adminToken = await loginApi(request, ADMIN.email, ADMIN.password);
    const closed = await request.post(`/api/v1/admin/leads/${finalId}/status`, {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { status: 'unqualified', expected_status: 'new', reason: 'low_volume' },
    });
    expect(closed.status(), await closed.text()).toBe(200);

    await openAdminLeads(page, suffix);
    await page.getByRole('checkbox', { name: `Select Kiosk ${suffix}` }).check();
    await page.getByRole('checkbox', { name: `Select Tailor ${suffix}` }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Change status' }).click();
    const bulk = page.getByRole('dialog', { name: 'Change status of 2 referrals' });
    await bulk.getByLabel('New status').selectOption({ label: leadStatusLabels.contacted });
    await bulk.getByRole('button', { name: 'Apply to all' }).click();

    const results = page.getByRole('dialog', { name: 'Status change results' });
    await expect(results.getByRole('status')).toHaveText('1 of 2 moved.');
    await expect(results.getByRole('listitem').filter({ hasText: `Tailor ${suffix}` })).toContainText(
      pipelineMessages.moveNotAllowed('unqualified', 'contacted'),
    );
    await results.getByRole('button', { name: 'Close' }).last().click();
    await expect(page.getByRole('row', { name: new RegExp(`Kiosk ${suffix}`) })).toContainText(leadStatusLabels.contacted);
    await expect(page.getByRole('row', { name: new RegExp(`Tailor ${suffix}`) })).toContainText(leadStatusLabels.unqualified);
  });

  test('an admin gives an unattributed lead to the partner whose link was mistyped', async ({ page, request }) => {
    const suffix = randomBytes(4).toString('hex');
    const partner = await registerPartner(request, { fullName: `Robin ${suffix}` });
    const form = buildReferralForm({ businessName: `Bistro ${suffix}`, email: `${suffix}@bistro.example` });
    const res = await request.post('/api/v1/leads/referral/by-uuid', {
      data: { ...composeLeadPayload(form, '00000000-0000-4000-8000-000000000000'), website: '' },
    });
    expect(res.status(), await res.text()).toBe(201);

    await openAdminLeads(page, suffix);
    const row = page.getByRole('row', { name: new RegExp(`Bistro ${suffix}`) });
    await expect(row).toContainText('Unattributed');
    await row.getByRole('button', { name: `Bistro ${suffix}` }).click();
    const sheet = page.getByRole('dialog', { name: `Referral Bistro ${suffix}` });
    await sheet.getByRole('button', { name: 'Assign partner' }).click();
    await sheet.getByRole('combobox', { name: 'Credit to partner' }).fill(`Robin ${suffix}`);
    await page.getByRole('option', { name: new RegExp(`Robin ${suffix}`) }).click();
    await sheet.getByRole('button', { name: 'Save partner' }).click();
    await expect(sheet.getByText(`Partner changed from Unattributed to Robin ${suffix}`)).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Reassign' })).toBeVisible();
    await expect(row).toContainText(`Robin ${suffix}`);

    const token = await loginApi(request, partner.email, partner.password);
    const mine = await request.get('/api/v1/leads/mine', { headers: { Authorization: `Bearer ${token}` } });
    expect((await mine.json()).data.items.map((item: { business: string }) => item.business)).toEqual([`Bistro ${suffix}`]);
  });

  for (const viewport of viewports) {
    test(`a lead through a disabled partner's link is flagged on the row and the sheet, with a filter (${viewport.name})`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport.size);
      const suffix = randomBytes(4).toString('hex');
      const partner = await registerPartner(request, { fullName: `Dana ${suffix}` });
      const adminToken = await loginApi(request, ADMIN.email, ADMIN.password);
      const headers = { Authorization: `Bearer ${adminToken}` };
      const found = await request.get(`/api/v1/admin/users?search=${encodeURIComponent(partner.email)}`, { headers });
      const partnerId = (await found.json()).data.items[0].id as number;
      const disabled = await request.post(`/api/v1/admin/users/${partnerId}/disable`, {
        headers,
        data: { reason: 'Left the program' },
      });
      expect(disabled.status()).toBe(200);
      const form = buildReferralForm({ businessName: `Salon ${suffix}`, email: `${suffix}@salon.example` });
      const res = await request.post('/api/v1/leads/referral/by-uuid', {
        data: { ...composeLeadPayload(form, partner.user.uuid), website: '' },
      });
      expect(res.status(), await res.text()).toBe(201);

      await openAdminLeads(page, suffix);
      const row = page.getByRole('row', { name: new RegExp(`Salon ${suffix}`) });
      await expect(row).toContainText('Unattributed');
      await expect(row.getByText('Disabled partner’s link')).toBeVisible();

      // The filter keeps only flagged leads, and stays in the URL.
      const filter = page.getByRole('checkbox', { name: 'Disabled partner’s link only' });
      if (!(await filter.isVisible())) await page.getByRole('button', { name: /^Filters/ }).click();
      // The box follows the URL, which React Router updates in a transition: right after the click
      // it can still read unchecked (check() then throws), so click once and wait for the state.
      await filter.click();
      await expect(filter).toBeChecked();
      await expect(page).toHaveURL(/disabled_partner=true/);
      await expect(row).toBeVisible();

      await row.getByRole('button', { name: `Salon ${suffix}` }).click();
      const sheet = page.getByRole('dialog', { name: `Referral Salon ${suffix}` });
      await expect(sheet.getByText('Disabled partner’s link')).toBeVisible();
      await expect(sheet.getByText(`The merchant used the link of Dana ${suffix}`)).toBeVisible();
    });
  }

  test('the audit log lists an admin status move, filtered by action', async ({ page, request }) => {
    const suffix = randomBytes(4).toString('hex');
    const partner = await registerPartner(request);
    const id = await submitReferral(request, partner, `Garage ${suffix}`);
    const adminToken = await loginApi(request, ADMIN.email, ADMIN.password);
    const moved = await request.post(`/api/v1/admin/leads/${id}/status`, {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { status: 'lost', expected_status: 'new', reason: 'no_response' },
    });
    expect(moved.status(), await moved.text()).toBe(200);

    await signIn(page, ADMIN, '/admin');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'View the audit log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Action' }).selectOption('lead.status');
    // Issue 23 §9: the entry reads as a sentence, with the business's name rather than the lead's id.
    const row = page.getByRole('row').filter({ hasText: `Garage ${suffix}` });
    await expect(row).toContainText(
      `${ADMIN.fullName} changed the status of Garage ${suffix} from New to ${leadStatusLabels.lost}`,
    );
    await expect(row).not.toContainText('lead.status');
    await expect(page.getByRole('row').filter({ hasText: /setting|“/ })).toHaveCount(0);
  });
});

test.describe('conversations on a referral (issue 23 §3)', () => {
  const statement = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

  test('a partner replies with a file; the admin reads the reply and opens the file in the lead timeline', async ({
    browser,
    page,
    request,
  }) => {
    test.slow();
    const suffix = randomBytes(4).toString('hex');
    const business = `Deli ${suffix}`;
    const partner = await registerPartner(request);
    const leadId = await submitReferral(request, partner, business);

    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, partner, `/referrals/${leadId}`);
    const reply = page.getByRole('form', { name: 'Reply' });
    await reply.getByLabel('Reply or add information').fill('Their last statement is attached.');
    await reply.getByLabel('Attachment (optional)').setInputFiles({
      name: 'statement.pdf',
      mimeType: 'application/pdf',
      buffer: statement,
    });
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByText('Your reply was sent')).toBeVisible();
    const history = page.getByRole('list', { name: 'History' });
    await expect(history.getByText('Your reply')).toBeVisible();
    await expect(history.getByText('Their last statement is attached.')).toBeVisible();
    await expect(history.getByRole('button', { name: /statement\.pdf/ })).toBeVisible();
    await expect(reply.getByLabel('Reply or add information')).toHaveValue('');

    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, ADMIN, `/admin/leads?lead=${leadId}`);
    const sheet = adminPage.getByRole('dialog', { name: `Referral ${business}` });
    const adminHistory = sheet.getByRole('list', { name: 'History' });
    await expect(adminHistory.getByText('Reply from the partner')).toBeVisible();
    await expect(adminHistory.getByText('Their last statement is attached.')).toBeVisible();
    const download = adminPage.waitForEvent('download');
    await adminHistory.getByRole('button', { name: /statement\.pdf/ }).click();
    expect((await download).suggestedFilename()).toBe('statement.pdf');
    await adminContext.close();
  });

  test('the reply box fits a phone', async ({ page, request }) => {
    const partner = await registerPartner(request);
    const leadId = await submitReferral(request, partner, `Kiosk ${randomBytes(4).toString('hex')}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, partner, `/referrals/${leadId}`);
    const send = page.getByRole('form', { name: 'Reply' }).getByRole('button', { name: 'Send reply' });
    await send.scrollIntoViewIfNeeded();
    await expect(send).toBeInViewport();
    await expect(page.getByLabel('Attachment (optional)')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('admin referrals sort (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a header click sorts on the server, says so with aria-sort and keeps the order and the search in the URL', async ({
    page,
    request,
  }) => {
    // Three submissions, a sign-in, a search and a reload.
    test.slow();
    const suffix = randomBytes(4).toString('hex');
    const partner = await registerPartner(request);
    // Submitted in this order, so newest first is the reverse of the names' order.
    for (const name of ['Alder', 'Birch', 'Cedar']) await submitReferral(request, partner, `${name} ${suffix}`);

    await openAdminLeads(page, suffix);
    const businesses = page.getByRole('row').getByRole('button', { name: new RegExp(suffix) });
    await expect(businesses).toHaveText([`Cedar ${suffix}`, `Birch ${suffix}`, `Alder ${suffix}`]);
    await expect(page.getByRole('columnheader', { name: 'Submitted' })).toHaveAttribute('aria-sort', 'descending');

    await page.getByRole('columnheader', { name: 'Business' }).getByRole('button').click();
    await expect(page.getByRole('columnheader', { name: 'Business' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(businesses).toHaveText([`Alder ${suffix}`, `Birch ${suffix}`, `Cedar ${suffix}`]);
    await expect(page).toHaveURL(/[?&]sort=business(&|$)/);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${suffix}`));

    await page.reload();
    await expect(businesses).toHaveText([`Alder ${suffix}`, `Birch ${suffix}`, `Cedar ${suffix}`]);
  });
});
