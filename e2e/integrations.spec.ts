import { apiKeyMessages, integrationMessages } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, expectFitsPhone, pageHeading, registerPartner, signIn, test } from './support/fixtures';

// Each flow runs once at desktop width; the phone test checks that both screens fit 390 px.
const width = 1280;

test.describe('integrations', () => {
  test.use({ viewport: { width, height: 900 } });
  // Long flows on a shared, loaded machine.
  test.setTimeout(150_000);

  test('an admin adds a webhook endpoint, sees its secret once, rotates it, sends a test event and creates an API key', async ({
    page,
  }) => {
    await signIn(page, ADMIN, '/admin/settings');
    await expect(pageHeading(page, 'Settings')).toBeVisible();
    const webhooks = page.getByRole('heading', { name: 'Webhooks' });
    await webhooks.scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(integrationMessages.eventsRequired)).toBeVisible();
    // Production refuses loopback and private addresses at registration.
    await page.getByLabel('Endpoint URL').fill('https://169.254.169.254/latest');
    await page.getByRole('checkbox', { name: /referral\.created/ }).check();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(integrationMessages.urlRefused)).toBeVisible();
    const url = `https://93.184.215.14/hooks/${width}`;
    await page.getByLabel('Endpoint URL').fill(url);
    await page.getByLabel('Description (optional)').fill('Our CRM');
    await page.getByRole('checkbox', { name: /referral\.status_changed/ }).check();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const secret = page.locator('code', { hasText: /^whsec_/ });
    await expect(secret).toBeVisible();
    const first = await secret.textContent();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(secret).toBeHidden();
    const row = page.getByRole('listitem').filter({ hasText: url });
    await expect(row.getByText('Enabled')).toBeVisible();

    await row.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate' }).click();
    await expect(secret).toBeVisible();
    expect(await secret.textContent()).not.toBe(first);
    await page.getByRole('button', { name: 'Done' }).click();

    await row.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText(integrationMessages.testQueued)).toBeVisible();
    await row.getByRole('button', { name: 'Disable' }).click();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Re-enable' }).click();
    await expect(row.getByText('Enabled')).toBeVisible();
    await row.getByRole('button', { name: 'Deliveries' }).click();
    await expect(row.getByText(/No deliveries in the last 30 days|webhook\.test/).first()).toBeVisible();

    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByLabel('Key name').fill(`BI ${width}`);
    // On an admin key referrals:write moves statuses; on a partner's it submits referrals.
    await expect(page.getByRole('checkbox', { name: /referrals:write.*Move referral statuses/ })).toBeVisible();
    await page.getByRole('checkbox', { name: /commissions:read/ }).check();
    await page.getByRole('button', { name: 'Create key' }).last().click();
    await expect(page.getByText(apiKeyMessages.created)).toBeVisible();
    await expect(page.locator('code', { hasText: /^ppk_/ })).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();
    const key = page.getByRole('listitem').filter({ hasText: `BI ${width}` });
    await key.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(key.getByText('Revoked', { exact: true })).toBeVisible();
  });

  test('a partner creates an API key that submits a referral, and a postback', async ({ page, request, baseURL }) => {
    const partner = await registerPartner(request);
    await signIn(page, partner, '/settings?tab=integrations');
    await expect(pageHeading(page, 'Settings')).toBeVisible();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByLabel('Key name').fill('POS');
    await expect(page.getByRole('checkbox', { name: /referrals:write.*Submit referrals/ })).toBeVisible();
    await page.getByRole('checkbox', { name: /referrals:write/ }).check();
    await page.getByRole('checkbox', { name: /referrals:read/ }).check();
    await page.getByRole('button', { name: 'Create key' }).last().click();
    const key = (await page.locator('code', { hasText: /^ppk_/ }).textContent())!;
    await page.getByRole('button', { name: 'Done' }).click();

    const submitted = await request.post(`${baseURL}/api/v1/partner/referrals`, {
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': `e2e-${width}` },
      data: {
        First_Name: 'Maria',
        Email: `maria-${width}-${Date.now()}@bakery.example`,
        Company: 'Browser Bakery',
        Business_Type: 'Restaurant',
        Title: '+1 4155550123',
        Description: 'From the POS',
        countryCode: '+1',
        phoneNumber: '4155550123',
        smsConsent: true,
        marketingConsent: true,
        consent: { text_version: 'pos-1' },
      },
    });
    expect(submitted.status()).toBe(201);
    await page.goto('/referrals');
    await expect(page.getByText('Browser Bakery').first()).toBeVisible();
    await page.goto('/settings?tab=integrations');
    const posKey = page.getByRole('listitem').filter({ hasText: 'POS' });
    await expect(posKey).toContainText('last used');
    await expect(posKey).not.toContainText('last used never');

    await page.getByRole('button', { name: 'Add postback' }).click();
    await page.getByLabel('Slack incoming webhook').check();
    await page.getByLabel('Endpoint URL').fill('https://93.184.215.14/not-slack');
    await page.getByRole('checkbox', { name: /referral\.created/ }).check();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(integrationMessages.slackUrlInvalid)).toBeVisible();
    await page.getByLabel('Your own endpoint (signed JSON)').check();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.locator('code', { hasText: /^whsec_/ })).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: '93.184.215.14/not-slack' })).toBeVisible();
  });
});

test('the admin and partner integration settings fit a phone', async ({ page, request }) => {
  await signIn(page, ADMIN, '/admin/settings');
  await expectFitsPhone(page, '/admin/settings', 'Settings');
  await expect(page.getByRole('button', { name: 'Add endpoint' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create key' })).toBeVisible();
  const partner = await registerPartner(request);
  const partnerPage = await page.context().browser()!.newPage();
  await signIn(partnerPage, partner, '/settings?tab=integrations');
  await expectFitsPhone(partnerPage, '/settings?tab=integrations', 'Settings');
  await expect(partnerPage.getByRole('button', { name: 'Add postback' })).toBeVisible();
  await partnerPage.close();
});
