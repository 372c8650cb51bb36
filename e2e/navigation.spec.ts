import { limits, messages, settingKeys } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, expectPage, loginApi, registerPartner, signIn, test } from './support/fixtures';

test.describe('redirects', () => {
  test('sends / and unknown paths to /login when logged out', async ({ page }) => {
    await page.goto('/');
    await expectPage(page, /\/login$/, 'Sign in');
    await page.goto('/no/such/page');
    await expectPage(page, /\/login$/, 'Sign in');
  });

  test('sends / and unknown paths to the home of the role', async ({ browser, request, baseURL }) => {
    const partner = await registerPartner(request);
    const partnerPage = await (await browser.newContext({ baseURL })).newPage();
    await signIn(partnerPage, partner, '/');
    await expectPage(partnerPage, /\/dashboard$/, 'Dashboard');
    await partnerPage.goto('/no/such/page');
    await expectPage(partnerPage, /\/dashboard$/, 'Dashboard');

    const adminPage = await (await browser.newContext({ baseURL })).newPage();
    await signIn(adminPage, ADMIN, '/');
    await expectPage(adminPage, /\/admin$/, 'Dashboard');
    await adminPage.goto('/no/such/page');
    await expectPage(adminPage, /\/admin$/, 'Dashboard');
  });

  test('sends a partner on an admin page to /dashboard', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await signIn(page, partner, '/admin/settings');
    await expectPage(page, /\/dashboard$/, 'Dashboard');
  });

  test('sends an admin on a partner page to /admin', async ({ page }) => {
    await signIn(page, ADMIN, '/settings');
    await expectPage(page, /\/admin$/, 'Dashboard');
  });

  test('remembers a role-mismatched destination only as far as the role allows', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await page.goto('/admin/users');
    await expectPage(page, /\/login$/, 'Sign in');
    await page.getByLabel('Email').fill(partner.email);
    await page.getByLabel('Password', { exact: true }).fill(partner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectPage(page, /\/dashboard$/, 'Dashboard');
  });
});

test.describe('partner navigation', () => {
  test('shows the partner links and highlights the current route', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await signIn(page, partner, '/dashboard');
    await expectPage(page, /\/dashboard$/, 'Dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Resources' }).click();
    await expectPage(page, /\/tutorials$/, 'Resources');
    await expect(page.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Resources' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'My Commissions' })).toHaveAttribute('href', '/compensation');
    await expect(nav.getByRole('button', { name: /Public URL/ })).toBeVisible();
    // No Contact Us setting on this server: no invented link (the private-portal test below sets one).
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Submit Referral' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);

    // Issue 23 §9: each partner screen has its own tab title.
    const titles: string[] = [];
    for (const [name, heading] of [
      ['Referrals', 'Referrals'],
      ['My Commissions', 'My Commissions'],
      ['My team', 'My team'],
      ['Dashboard', 'Dashboard'],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${heading} · `));
      titles.push(await page.title());
    }
    expect(new Set([...titles, 'Resources']).size).toBe(titles.length + 1);
  });

  test('opens Settings from the keyboard-accessible account menu', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await signIn(page, partner, '/dashboard');
    await expectPage(page, /\/dashboard$/, 'Dashboard');
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
    await expectPage(page, /\/settings$/, 'Settings');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  test('shows the alert for My Commissions without a compensation link', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await signIn(page, partner, '/dashboard');
    await expectPage(page, /\/dashboard$/, 'Dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'My Commissions' }).click();
    await expectPage(page, /\/compensation$/, 'My Commissions');
    await expect(nav.getByRole('link', { name: 'My Commissions' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(messages.nav.noCompensationLink)).toBeVisible();
  });

  test.describe('Public URL', () => {
    test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

    test('copies the referral link with a toast and a checkmark for 2 seconds', async ({ page, request, baseURL }) => {
      await page.clock.install();
      const partner = await registerPartner(request);
      await signIn(page, partner, '/dashboard');
      await expectPage(page, /\/dashboard$/, 'Dashboard');
      const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Public URL/ });
      // From here the page's time moves only when the test moves it.
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
      await button.click();
      await expect(page.getByText(messages.nav.linkCopied)).toBeVisible();
      const checkmark = button.getByRole('img', { name: 'Copied' });
      await expect(checkmark).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/referral/${partner.user.uuid}`);
      await page.clock.fastForward(limits.copyCheckmarkMs - 200);
      await expect(checkmark).toBeVisible();
      await page.clock.fastForward(200);
      await expect(checkmark).toBeHidden();
    });
  });
});

test.describe('admin navigation', () => {
  test('shows the admin links without partner extras, each screen with its own title', async ({ page }) => {
    await signIn(page, ADMIN, '/admin');
    await expectPage(page, /\/admin$/, 'Dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const titles: string[] = [];
    for (const [name, path, heading, title] of [
      ['Users', /\/admin\/users$/, 'Users', 'Users'],
      ['Referrals', /\/admin\/leads$/, 'Referrals', 'Referrals'],
      ['Commissions', /\/admin\/commissions$/, 'Commissions', 'Commissions'],
      ['Payouts', /\/admin\/payouts$/, 'Payouts', 'Payouts'],
      ['Resources', /\/admin\/tutorials$/, 'Resources', 'Resources'],
      ['Settings', /\/admin\/settings$/, 'Settings', 'Settings'],
      ['Dashboard', /\/admin$/, 'Dashboard', 'Dashboard'],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      // Issue 23 §9: "Users · <brand>", so each tab and each history entry says which screen it is.
      await expect(page).toHaveTitle(new RegExp(`^${title} · `));
      titles.push(await page.title());
    }
    expect(new Set(titles).size).toBe(titles.length);
    await expect(nav.getByRole('button', { name: /Public URL/ })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();

    // Issue 23 §6: the admin's own password, two-factor and sessions are in the account menu.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Your account' }).click();
    await expectPage(page, /\/admin\/account$/, 'Your account');
    await expect(page).toHaveTitle(/^Your account · /);
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('collapses the nav behind the menu button', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await signIn(page, partner, '/dashboard');
    await expectPage(page, /\/dashboard$/, 'Dashboard');
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
    await expectPage(page, /\/tutorials$/, 'Resources');
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeHidden();
  });
});

test.describe('Contact Us setting', () => {
  test('points Contact Us at the URL an admin stored', async ({ page, request, freshSettings: _ }) => {
    const contactUrl = 'https://support.example.org/partners';
    const adminToken = await loginApi(request, ADMIN.email, ADMIN.password);
    const created = await request.post('/api/v1/admin/settings', {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { key: settingKeys.contactUs, value: contactUrl },
    });
    expect(created.status(), await created.text()).toBe(201);

    const partner = await registerPartner(request);
    await signIn(page, partner, '/dashboard');
    await expectPage(page, /\/dashboard$/, 'Dashboard');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      contactUrl,
    );
  });
});
