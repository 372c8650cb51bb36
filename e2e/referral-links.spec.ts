import { randomBytes } from 'node:crypto';
import { referralLinkMessages } from '@portal/contract';
import { expect, registerPartner, signIn, test, uniqueEmail } from './support/fixtures';

// Issue 23 §7: a short link name and campaign links, each counting its own visits, referrals and approvals.

const linksCard = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Your links' });

test.describe('referral links (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a partner sets a short name and creates a campaign link; a merchant sends a request through it; the link counts 1 referral', async ({
    page,
    browser,
    request,
    baseURL,
  }, testInfo) => {
    test.slow();
    const suffix = randomBytes(3).toString('hex');
    const shortName = `shop-${suffix}`;
    const campaign = `Spring Flyers ${suffix}`;
    const partner = await registerPartner(request);
    await signIn(page, partner, '/dashboard');

    const card = linksCard(page);
    await card.getByLabel('Short link name').fill('admin');
    await card.getByRole('button', { name: 'Save short link' }).click();
    await expect(card.getByText(referralLinkMessages.shortNameReserved)).toBeVisible();
    await card.getByLabel('Short link name').fill(shortName);
    await card.getByRole('button', { name: 'Save short link' }).click();
    // The share kit now copies the short link, on PUBLIC_URL.
    await expect(page.getByRole('textbox', { name: 'Your referral link' })).toHaveValue(`${baseURL}/r/${shortName}`);

    await card.getByLabel('Campaign name').fill(campaign);
    await card.getByRole('button', { name: 'Create link' }).click();
    const row = card.getByTestId('campaign-link').filter({ hasText: campaign });
    const link = `${baseURL}/r/${shortName}?c=spring-flyers-${suffix}`;
    await expect(row).toContainText(link);
    await expect(row.getByTestId('campaign-referrals')).toHaveText('0');
    await page.screenshot({ path: testInfo.outputPath('referral-links-1280.png') });

    // A merchant opens the campaign link (no session) and sends the form.
    const merchantContext = await browser.newContext();
    const merchant = await merchantContext.newPage();
    await merchant.goto(link);
    await expect(merchant).toHaveURL(new RegExp(`/referral/${partner.user.uuid}\\?c=spring-flyers-${suffix}$`));
    const form = merchant.locator('form').filter({ has: merchant.getByLabel('Business Name', { exact: true }) });
    await form.getByLabel('Business Name', { exact: true }).fill(`Campaign Cafe ${suffix}`);
    await form.getByLabel('Full Name', { exact: true }).fill('Rosa Delgado');
    await form.getByLabel('Email', { exact: true }).fill(uniqueEmail('merchant'));
    await form.getByLabel('Industry', { exact: true }).selectOption('Restaurant');
    await form.getByLabel('Phone Number', { exact: true }).fill('4155550123');
    await form.getByLabel('Additional Notes', { exact: true }).fill('Two terminals.');
    await form.getByRole('checkbox', { name: /text messages/ }).check();
    await form.getByRole('checkbox', { name: /marketing/ }).check();
    const sent = merchant.waitForResponse('**/api/v1/leads/referral/by-uuid');
    await form.getByRole('button', { name: 'Get My Free Analysis' }).click();
    expect((await sent).status()).toBe(201);
    await merchantContext.close();

    await page.reload();
    await expect(row.getByTestId('campaign-referrals')).toHaveText('1');
    await expect(row.getByTestId('campaign-visits')).toHaveText('1');
  });
});

test.describe('referral links (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the links card fits a phone and its controls are reachable', async ({ page, request }, testInfo) => {
    const partner = await registerPartner(request);
    const token = { Authorization: `Bearer ${partner.token}` };
    const created = await request.post('/api/v1/referral-links/campaigns', { headers: token, data: { name: 'Counter flyer' } });
    expect(created.status()).toBe(201);
    await signIn(page, partner, '/dashboard');
    const card = linksCard(page);
    await card.getByTestId('campaign-link').scrollIntoViewIfNeeded();
    await expect(card.getByRole('button', { name: 'Copy link of Counter flyer' })).toBeInViewport();
    await expect(card.getByRole('button', { name: 'Save short link' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await card.screenshot({ path: testInfo.outputPath('referral-links-390.png') });
  });
});
