import { DEFAULT_CONTACT_URL, messages, settingKeys } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, loginApi, loginViaUi, registerPartner, test } from './support/fixtures';
import { startPortal, type Portal } from './support/server';

test.describe('redirects', () => {
  test('sends / and unknown paths to /login when logged out', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('sends / and unknown paths to the home of the role', async ({ browser, request }) => {
    const partner = await registerPartner(request);
    const partnerPage = await (await browser.newContext()).newPage();
    await loginViaUi(partnerPage, partner.email, partner.password);
    await expect(partnerPage).toHaveURL(/\/dashboard$/);
    await partnerPage.goto('/');
    await expect(partnerPage).toHaveURL(/\/dashboard$/);
    await partnerPage.goto('/no/such/page');
    await expect(partnerPage).toHaveURL(/\/dashboard$/);

    const adminPage = await (await browser.newContext()).newPage();
    await loginViaUi(adminPage, ADMIN.email, ADMIN.password);
    await expect(adminPage).toHaveURL(/\/admin$/);
    await adminPage.goto('/');
    await expect(adminPage).toHaveURL(/\/admin$/);
    await adminPage.goto('/no/such/page');
    await expect(adminPage).toHaveURL(/\/admin$/);
  });

  test('sends a partner on an admin page to /dashboard', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await loginViaUi(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin/settings');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('sends an admin on a partner page to /admin', async ({ page }) => {
    await loginViaUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('remembers a role-mismatched destination only as far as the role allows', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(partner.email);
    await page.getByLabel('Password', { exact: true }).fill(partner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('partner navigation', () => {
  test('shows the partner links and highlights the current route', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await loginViaUi(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Resources' }).click();
    await expect(page).toHaveURL(/\/tutorials$/);
    await expect(page.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Resources' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('button', { name: 'My Commissions' })).toBeVisible();
    await expect(nav.getByRole('button', { name: /Public URL/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('target', '_blank');
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', DEFAULT_CONTACT_URL);
    await expect(page.getByRole('link', { name: 'Submit Referral' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  });

  test('opens Settings from the keyboard-accessible account menu', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await loginViaUi(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const menuButton = page.getByRole('button', { name: 'Account menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const item = page.getByRole('menuitem', { name: 'Settings' });
    await expect(item).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(item).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  test('shows the alert for My Commissions without a compensation link', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await loginViaUi(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'My Commissions' }).click();
    await expect(page.getByText(messages.nav.noCompensationLink)).toBeVisible();
    await page.goto('/compensation');
    await expect(page.getByRole('alert')).toHaveText(messages.nav.noCompensationLink);
  });

  test.describe('Public URL', () => {
    test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

    test('copies the referral link with a toast and a checkmark for 2 seconds', async ({ page, request, baseURL }) => {
      const partner = await registerPartner(request);
      await loginViaUi(page, partner.email, partner.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Public URL/ });
      await button.click();
      await expect(page.getByText(messages.nav.linkCopied)).toBeVisible();
      const checkmark = button.getByRole('img', { name: 'Copied' });
      await expect(checkmark).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/referral/${partner.user.uuid}`);
      await expect(checkmark).toBeHidden({ timeout: 4_000 });
    });
  });
});

test.describe('admin navigation', () => {
  test('shows the admin links without partner extras', async ({ page }) => {
    await loginViaUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, path, heading] of [
      ['Users', /\/admin\/users$/, 'Users'],
      ['Resources', /\/admin\/tutorials$/, 'Resources'],
      ['Settings', /\/admin\/settings$/, 'Settings'],
      ['Dashboard', /\/admin$/, 'Dashboard'],
    ] as const) {
      await nav.getByRole('link', { name }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    }
    await expect(nav.getByRole('button', { name: /Public URL/ })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('collapses the nav behind the menu button', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await loginViaUi(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Resources' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeHidden();

    await menuButton.click();
    const closeButton = page.getByRole('button', { name: 'Close menu' });
    await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await closeButton.getAttribute('aria-controls')}`);
    await expect(panel.getByRole('link', { name: 'Resources' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Settings' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Log Out' })).toBeVisible();
    const hasNoHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(hasNoHorizontalScroll).toBe(true);

    await panel.getByRole('link', { name: 'Resources' }).click();
    await expect(page).toHaveURL(/\/tutorials$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeHidden();
  });
});

test.describe('Contact Us setting', () => {
  let portal: Portal;
  test.beforeAll(async () => {
    portal = await startPortal();
  });
  test.afterAll(async () => {
    await portal?.stop();
  });

  test('points Contact Us at the URL an admin stored', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: portal.baseURL });
    const contactUrl = 'https://support.example.org/partners';
    const adminToken = await loginApi(context.request, ADMIN.email, ADMIN.password);
    const created = await context.request.post('/api/v1/admin/settings', {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { key: settingKeys.contactUs, value: contactUrl },
    });
    expect(created.status(), await created.text()).toBe(201);

    const partner = await registerPartner(context.request);
    const page = await context.newPage();
    await loginViaUi(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      contactUrl,
    );
    await context.close();
  });
});
