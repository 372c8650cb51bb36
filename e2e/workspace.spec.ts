import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { composeLeadPayload, limits, messages } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { ADMIN } from './support/constants';
import { expect, registerPartner, signIn, test, uniqueEmail, type Account } from './support/fixtures';

const viewports = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Removes the Clipboard API (as on a plain-http origin) and records what execCommand('copy') copies. */
async function withoutClipboardApi(page: Page, { copyWorks }: { copyWorks: boolean }) {
  await page.addInitScript((works) => {
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
    const w = window as unknown as { __copied: string[] };
    w.__copied = [];
    document.execCommand = (command: string) => {
      if (command !== 'copy' || !works) return false;
      w.__copied.push(window.getSelection()?.toString() || (document.activeElement as HTMLInputElement | null)?.value || '');
      return true;
    };
  }, copyWorks);
}

async function openDashboard(page: Page, account: Account) {
  await signIn(page, account, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

for (const { name, viewport } of viewports) {
  test.describe(`share kit on ${name}`, () => {
    test.use({ viewport });

    test('shows the link and copies it without the Clipboard API, with the toast and the checkmark', async ({
      page,
      request,
      baseURL,
    }) => {
      await page.clock.install();
      const partner = await registerPartner(request);
      await withoutClipboardApi(page, { copyWorks: true });
      await openDashboard(page, partner);
      const link = `${baseURL}/referral/${partner.user.uuid}`;
      const kit = page.getByRole('region', { name: 'Your referral link' });
      await expect(kit.getByRole('textbox', { name: 'Your referral link' })).toHaveValue(link);
      // From here the page's time moves only when the test moves it: the checkmark shows for 2 seconds.
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
      await kit.getByRole('button', { name: 'Copy link' }).click();
      await expect(page.getByText(messages.nav.linkCopied)).toBeVisible();
      await expect(kit.getByRole('img', { name: 'Copied' })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { __copied: string[] }).__copied)).toEqual([link]);
      await page.clock.fastForward(limits.copyCheckmarkMs);
      await expect(kit.getByRole('img', { name: 'Copied' })).toBeHidden();
    });

    test('downloads the QR code as PNG and SVG', async ({ page, request, baseURL }) => {
      const partner = await registerPartner(request);
      await openDashboard(page, partner);
      await page.getByRole('region', { name: 'Your referral link' }).getByRole('button', { name: 'QR code' }).click();
      const dialog = page.getByRole('dialog', { name: 'QR code of your referral link' });
      await expect(dialog.getByRole('img', { name: 'QR code of your referral link' })).toBeVisible();
      await expect(dialog.getByText(`${baseURL}/referral/${partner.user.uuid}?src=qr`)).toBeVisible();

      const [png] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download PNG' }).click(),
      ]);
      expect(png.suggestedFilename()).toBe('referral-qr-code.png');
      const pngBytes = fs.readFileSync(await png.path());
      expect(pngBytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');

      const [svg] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download SVG' }).click(),
      ]);
      expect(svg.suggestedFilename()).toBe('referral-qr-code.svg');
      expect(fs.readFileSync(await svg.path(), 'utf8')).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*><rect[^>]*\/><path fill="#000000" d="M/,
      );
    });
  });
}

test('copy shows the failure toast only when both the Clipboard API and the selection fail', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await withoutClipboardApi(page, { copyWorks: false });
  await openDashboard(page, partner);
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  await page.getByRole('region', { name: 'Your referral link' }).getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText(messages.nav.copyFailed)).toBeVisible();
  await expect(page.getByText(messages.nav.linkCopied)).toHaveCount(0);
  expect(errors.some((e) => e.includes('Copying the referral link failed'))).toBe(true);
});

test('the Public URL menu holds the share kit', async ({ page, request, baseURL }) => {
  const partner = await registerPartner(request);
  await openDashboard(page, partner);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Share options' }).click();
  const menu = page.getByRole('group', { name: 'Share your referral link' });
  await expect(menu.getByRole('textbox', { name: 'Your referral link' })).toHaveValue(`${baseURL}/referral/${partner.user.uuid}`);
  await expect(menu.getByRole('button', { name: 'QR code' })).toBeVisible();
});

test.describe('dashboard', () => {
  test('a new partner sees the three steps with Copy and QR', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await openDashboard(page, partner);
    await expect(page.getByRole('heading', { name: 'Get your first referral in three steps' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy your link' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get the QR code' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New: 0' })).toHaveAttribute('href', '/referrals?status=new');
  });

  for (const { name, viewport } of viewports) {
    test(`figures follow visits and referrals, and the period lives in the URL (${name})`, async ({ page, request, baseURL }) => {
      await page.setViewportSize(viewport);
      const partner = await registerPartner(request);
      const uuid = partner.user.uuid;
      // Two QR scans and one visit from a newsletter link, from three different browsers.
      for (const [data, ua] of [
        [{ src: 'qr' }, 'Scanner A'],
        [{ src: 'qr' }, 'Scanner B'],
        [{ utm_source: 'Newsletter' }, 'Mail client'],
      ] as const) {
        const res = await request.post(`/api/v1/leads/referral/${uuid}/visit`, { data, headers: { 'user-agent': ua } });
        expect(res.status()).toBe(204);
      }
      // Only the visit through the landing page itself counts the direct one.
      const visit = page.waitForResponse((res) => res.url().endsWith(`/leads/referral/${uuid}/visit`));
      await page.goto(`${baseURL}/referral/${uuid}`);
      expect((await visit).status()).toBe(204);
      const lead = await request.post('/api/v1/leads/referral/by-uuid', {
        data: composeLeadPayload(buildReferralForm({ businessName: 'Harbor Hardware', email: uniqueEmail('merchant') }), uuid),
      });
      expect(lead.status()).toBe(201);

      await openDashboard(page, partner);
      const figures = page.getByRole('region', { name: 'Figures for last 30 days' });
      await expect(figures.getByTestId('card-Link visits')).toHaveText('4');
      await expect(figures.getByTestId('card-Referrals')).toHaveText('1');
      await expect(figures.getByTestId('card-Visits to referrals')).toHaveText('25%');
      await expect(figures.getByTestId('card-Approved merchants')).toHaveText('0');
      await expect(page.getByRole('link', { name: 'New: 1' })).toHaveAttribute('href', '/referrals?status=new');
      const latest = page.getByRole('region', { name: 'Latest referrals' });
      await expect(latest.getByRole('link', { name: /Harbor Hardware/ })).toHaveAttribute('href', /^\/referrals\/[0-9a-f-]{36}$/);
      const sources = page.getByRole('region', { name: 'Visits by source' });
      await expect(sources.getByText('QR code')).toBeVisible();
      await expect(sources.getByText('newsletter')).toBeVisible();
      await expect(sources.getByText('Direct')).toBeVisible();

      await page.getByRole('combobox', { name: 'Period' }).selectOption('12m');
      await expect(page).toHaveURL(/\?period=12m$/);
      await expect(page.getByRole('region', { name: 'Figures for last 12 months' }).getByTestId('card-Link visits')).toHaveText(
        '4',
      );
      await page.getByText('Show as table').click();
      const table = page.getByRole('table', { name: 'Referrals and link visits per month' });
      await expect(table.getByRole('row')).toHaveCount(13);
      const thisMonth = table.getByRole('row').last();
      await expect(thisMonth.getByRole('cell')).toHaveText(['1', '4']);

      await page.reload();
      await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('12m');
      await page.getByRole('combobox', { name: 'Period' }).selectOption('7d');
      await expect(page).toHaveURL(/\?period=7d$/);
      await expect(page.getByRole('region', { name: 'Figures for last 7 days' }).getByTestId('card-Referrals')).toHaveText('1');
    });
  }
});

test.describe('resources library', () => {
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );

  // The admin adds them at desktop width; the partner finds them on a phone.
  test('an admin uploads a PDF and adds a video; a partner finds and opens both on a phone', async ({ browser, request }) => {
    const suffix = Math.random().toString(36).slice(2, 7);
    const pdfTitle = `Merchant one-pager ${suffix}`;
    const videoTitle = `Dual pricing explained ${suffix}`;

    const adminPage = await (await browser.newContext()).newPage();
    await signIn(adminPage, ADMIN, '/admin/tutorials');
    await expect(adminPage.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();

    await adminPage.getByRole('button', { name: 'Add resource' }).first().click();
    let panel = adminPage.getByRole('dialog', { name: 'Add resource' });
    await panel.getByLabel('Title').fill(pdfTitle);
    await panel.getByLabel('Type').selectOption('pdf');
    await panel.getByLabel('Category').fill('Marketing assets');
    await panel.getByLabel('Description').fill('Leave it with the merchant.');
    await panel.getByLabel(/PDF file/).setInputFiles({ name: 'one-pager.pdf', mimeType: 'application/pdf', buffer: pdf });
    await panel.getByLabel('Published (partners see it)').check();
    await expect(
      panel.getByRole('group', { name: "Preview of the partner's card" }).getByRole('heading', { name: pdfTitle }),
    ).toBeVisible();
    await panel.getByRole('button', { name: 'Add resource' }).click();
    await expect(adminPage.getByText(messages.resources.added)).toBeVisible();
    await expect(adminPage.getByRole('cell', { name: pdfTitle, exact: true })).toBeVisible();

    await adminPage.getByRole('button', { name: 'Add resource' }).first().click();
    panel = adminPage.getByRole('dialog', { name: 'Add resource' });
    await panel.getByLabel('Title').fill(videoTitle);
    await panel.getByLabel('Category').fill('Getting started');
    await panel.getByLabel(/Video URL/).fill('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
    await panel.getByLabel('Published (partners see it)').check();
    await panel.getByRole('button', { name: 'Add resource' }).click();
    await expect(adminPage.getByRole('cell', { name: videoTitle, exact: true })).toBeVisible();

    const partner = await registerPartner(request);
    const context = await browser.newContext({ viewport: viewports[1].viewport });
    const page = await context.newPage();
    await signIn(page, partner, '/tutorials');
    await expect(page.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search resources' }).fill(suffix);
    await expect(page.getByRole('article')).toHaveCount(2);

    await page.getByRole('button', { name: `Watch: ${videoTitle}` }).click();
    const player = page.getByRole('dialog', { name: videoTitle });
    await expect(player.locator('iframe')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    await player.getByRole('button', { name: 'Close' }).click();
    await expect(player).toBeHidden();

    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: `Open PDF: ${pdfTitle}` }).click(),
    ]);
    await expect.poll(() => tab.url()).toMatch(/^blob:/);

    // Both opens are counted for the admin.
    await adminPage.reload();
    const row = adminPage.getByRole('row').filter({ hasText: pdfTitle });
    await expect(row).toBeVisible();
    await expect
      .poll(async () => {
        await adminPage.reload();
        return adminPage.getByRole('row').filter({ hasText: videoTitle }).getByRole('cell').nth(5).innerText();
      })
      .toContain('1');
    await adminPage.context().close();
    await context.close();
  });
});
