import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { conversionsMessages } from '@portal/contract';
import { expect, pageHeading, registerPartner, signIn, test } from './support/fixtures';

const TOKEN = 'EAAtest-token-1';
const PIXEL = '123456789012345';

const viewports = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;

async function setPixelId(request: APIRequestContext, token: string) {
  const res = await request.put('/api/v1/users/update-pixel-id', {
    headers: { Authorization: `Bearer ${token}` },
    data: { facebook_pixel_id: PIXEL },
  });
  expect(res.status()).toBe(200);
}

// The settings card at the narrower width; its desktop layout is the same card in a wider column.
for (const viewport of viewports.filter((v) => v.name === 'phone')) {
  test.describe(`Conversions API token in /settings (${viewport.name})`, () => {
    test.use({ viewport: viewport.size });

    test('is saved, never shown again, replaced and removed', async ({ page, request }, testInfo) => {
      const partner = await registerPartner(request);
      await signIn(page, partner, '/settings');
      // A cold first paint of the app on a busy 2-core machine can pass the default 7 s.
      await expect(pageHeading(page, 'Settings')).toBeVisible({ timeout: 30_000 });
      const card = page.getByRole('main');
      await expect(card.getByRole('heading', { name: 'Conversions API', level: 2 })).toBeVisible();
      await expect(card.getByText('Not set', { exact: true })).toBeVisible();
      await expect(card.getByText(conversionsMessages.pixelMissing)).toBeVisible();

      await card.getByRole('button', { name: 'Save token' }).click();
      await expect(card.getByText(conversionsMessages.tokenRequired)).toBeVisible();
      await card.getByLabel('Access token').fill(TOKEN);
      await card.getByRole('button', { name: 'Save token' }).click();
      await expect(page.getByText(conversionsMessages.tokenSaved)).toBeVisible();
      await expect(card.getByText('Token set', { exact: true })).toBeVisible();
      await expect(card.getByLabel('Replace the access token')).toHaveValue('');
      await expect(card.getByText('No Lead sent yet.', { exact: false })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`settings-capi-${viewport.name}.png`), fullPage: true });

      await page.reload();
      await expect(card.getByText('Token set', { exact: true })).toBeVisible();
      expect(await page.content()).not.toContain(TOKEN);

      await card.getByLabel('Replace the access token').fill('EAAsecond-token-2');
      await card.getByRole('button', { name: 'Replace token' }).click();
      await expect(card.getByText('Token set', { exact: true })).toBeVisible();
      await expect(card.getByLabel('Replace the access token')).toHaveValue('');

      await card.getByRole('button', { name: 'Remove token' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove the access token?' });
      await dialog.getByRole('button', { name: 'Remove token' }).click();
      await expect(page.getByText(conversionsMessages.tokenRemoved)).toBeVisible();
      await expect(card.getByText('Not set', { exact: true })).toBeVisible();
    });
  });
}

test.describe('one Lead between the pixel and the server', () => {
  test("the server's Conversions API event carries the browser pixel's event id, and settings show it was sent", async ({
    page,
    request,
    graph,
    baseURL,
  }, testInfo) => {
    const partner = await registerPartner(request);
    await setPixelId(request, partner.token);
    const saved = await request.put('/api/v1/users/conversions-api', {
      headers: { Authorization: `Bearer ${partner.token}` },
      data: { access_token: TOKEN },
    });
    expect(saved.status()).toBe(200);

    // Meta's script, stubbed: it records fbq calls (no network to Facebook in tests).
    await page.route('https://connect.facebook.net/**', (route) =>
      route.fulfill({
        contentType: 'application/javascript',
        body: 'window.__fbqCalls=[];window.fbq.callMethod=function(){window.__fbqCalls.push([].slice.call(arguments))};window.fbq.queue.splice(0).forEach(function(a){window.__fbqCalls.push([].slice.call(a))});',
      }),
    );
    await page.context().addCookies([{ name: '_fbp', value: 'fb.1.1596403881668.1116446470', url: baseURL! }]);
    await page.goto(`/referral/${partner.user.uuid}`);
    const form = page.locator('form').filter({ has: page.getByLabel('Business Name', { exact: true }) });
    await form.getByLabel('Business Name', { exact: true }).fill('Harbor Books');
    await form.getByLabel('Full Name', { exact: true }).fill('John Smith');
    await form.getByLabel('Email', { exact: true }).fill(`John_Smith+${Date.now()}@gmail.com`);
    await form.getByLabel('Industry', { exact: true }).selectOption('Retail');
    await form.getByLabel('Phone Number', { exact: true }).fill('6505551212');
    await form.getByLabel('Additional Notes', { exact: true }).fill('Two registers');
    await form.getByRole('checkbox', { name: /text messages/ }).check();
    await form.getByRole('checkbox', { name: /marketing/ }).check();
    await form.getByRole('button', { name: 'Get My Free Analysis' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();

    const lead = (await page.evaluate(() => (window as unknown as { __fbqCalls: unknown[][] }).__fbqCalls)).find(
      (call) => call[1] === 'Lead',
    );
    const eventId = (lead?.[3] as { eventID: string }).eventID;
    await expect.poll(() => graph.received.filter((e) => e.event_id === eventId).length, { timeout: 15_000 }).toBe(1);
    const event = graph.received.find((e) => e.event_id === eventId)!;
    expect(event).toMatchObject({ event_name: 'Lead', action_source: 'website' });
    // Meta's documented phone example: +1 (650) 555-1212.
    expect(event.user_data).toMatchObject({
      ph: ['e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176'],
      fbp: 'fb.1.1596403881668.1116446470',
    });

    const status = async () =>
      (await (
        await request.get('/api/v1/users/conversions-api', { headers: { Authorization: `Bearer ${partner.token}` } })
      ).json()) as {
        data: { last_delivery: { status: string; message: string } | null };
      };
    await expect
      .poll(async () => (await status()).data.last_delivery, { timeout: 15_000 })
      .toMatchObject({ status: 'sent', message: 'Meta received 1 Lead event' });

    // The full app loads after the light landing page: give a busy machine time for the first paint.
    await signIn(page, partner, '/settings');
    await expect(pageHeading(page, 'Settings')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Meta received 1 Lead event')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('settings-capi-sent.png'), fullPage: true });
    await expect(page.getByText('Sent', { exact: true })).toBeVisible();
  });
});

test.describe('proposal PDF', () => {
  test('the partner fills in a merchant and downloads a one-page branded PDF; its first page is rendered to PNG', async ({
    page,
    request,
  }, testInfo) => {
    const partner = await registerPartner(request, { fullName: 'Dana Dealmaker' });
    await signIn(page, partner, '/referrals');
    await expect(pageHeading(page, 'Referrals')).toBeVisible();
    await page.getByRole('link', { name: 'Savings proposal' }).click();
    await expect(pageHeading(page, 'Savings proposal')).toBeVisible();

    await page.getByRole('button', { name: 'Download proposal (PDF)' }).click();
    await expect(page.getByText('Enter your monthly card sales')).toBeVisible();
    await expect(page.getByText('Enter the business name')).toBeVisible();

    await page.getByLabel('Business name').fill('Corner Bakery');
    await page.getByLabel('Monthly card sales ($)').fill('30000');
    await page.getByLabel('Monthly processing fees ($)').fill('900');
    await page.getByLabel('Average ticket ($, optional)').fill('40');
    await page.screenshot({ path: testInfo.outputPath('proposal-form.png'), fullPage: true });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download proposal (PDF)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^proposal-corner-bakery-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdfPath = testInfo.outputPath('proposal.pdf');
    await file.saveAs(pdfPath);
    const pdf = fs.readFileSync(pdfPath);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);

    // Poppler's pdftoppm (apt poppler-utils) renders page 1 to proposal-1.png beside it.
    execFileSync('pdftoppm', ['-png', '-r', '100', '-f', '1', '-l', '1', pdfPath, pdfPath.replace(/\.pdf$/, '')]);
    const png = path.join(path.dirname(pdfPath), 'proposal-1.png');
    expect(fs.statSync(png).size).toBeGreaterThan(20_000);
    await testInfo.attach('proposal page 1', { path: png, contentType: 'image/png' });
  });
});
