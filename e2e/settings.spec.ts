import { limits, messages } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, loginApi, loginViaUi, registerPartner, test } from './support/fixtures';
import { startPortal, type Portal } from './support/server';

test.describe('partner settings', () => {
  test('saves the Facebook Pixel ID with a banner that disappears after 3 seconds', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await loginViaUi(page, partner.email, partner.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/settings');
    const field = page.getByLabel('Facebook Pixel ID');
    await expect(field).toBeEnabled();
    await expect(field).toHaveValue('');

    await field.fill('12ab');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(messages.pixel.invalid)).toBeVisible();

    await field.fill('123456789012345');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const banner = page.getByText(messages.pixel.updated);
    await expect(banner).toBeVisible();
    const shownAt = Date.now();
    await expect(banner).toBeHidden({ timeout: limits.pixelBannerMs + 3_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(limits.pixelBannerMs - 1_000);

    await page.reload();
    await expect(page.getByLabel('Facebook Pixel ID')).toHaveValue('123456789012345');
  });
});

test.describe('admin settings', () => {
  let portal: Portal;
  test.beforeAll(async () => {
    portal = await startPortal();
  });
  test.afterAll(async () => {
    await portal?.stop();
  });

  test('adds, edits and deletes a setting, with the empty state around them', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: portal.baseURL });
    const page = await context.newPage();
    await loginViaUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByText(messages.settings.empty)).toBeVisible();

    // Add: required fields first.
    await page.getByRole('button', { name: 'Add Setting' }).click();
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Add setting' }) });
    await form.getByRole('button', { name: 'Save Setting' }).click();
    await expect(form.getByText(messages.settings.keyRequired)).toBeVisible();
    await expect(form.getByText(messages.settings.valueRequired)).toBeVisible();
    await form.getByLabel('Key').fill('Contact Us');
    await form.getByLabel('Value').fill('https://example.org/contact');
    await form.getByRole('button', { name: 'Save Setting' }).click();
    await expect(page.getByText(messages.settings.added)).toBeVisible();
    await expect(form).toBeHidden();
    const row = page.getByRole('row', { name: /Contact Us/ });
    await expect(row).toContainText('https://example.org/contact');
    await expect(page.getByRole('columnheader')).toHaveText(['Key', 'Value', 'Actions']);

    // Edit: the key is fixed.
    await row.getByRole('button', { name: 'Edit Contact Us' }).click();
    const editForm = page.locator('form', { has: page.getByRole('heading', { name: 'Edit setting' }) });
    await expect(editForm.getByLabel('Key')).toBeDisabled();
    await expect(editForm.getByLabel('Key')).toHaveValue('Contact Us');
    await editForm.getByLabel('Value').fill('https://example.org/help');
    await editForm.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(messages.settings.updated)).toBeVisible();
    await expect(editForm).toBeHidden();
    await expect(row).toContainText('https://example.org/help');

    // Delete: dismissing the confirmation keeps the row, accepting removes it.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(messages.settings.confirmDelete);
      void dialog.dismiss();
    });
    await row.getByRole('button', { name: 'Delete Contact Us' }).click();
    await expect(row).toBeVisible();
    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Delete Contact Us' }).click();
    await expect(page.getByText(messages.settings.deleted)).toBeVisible();
    await expect(page.getByText(messages.settings.empty)).toBeVisible();
    await context.close();
  });

  test('toggles the form with Add Setting and reports a duplicate key', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: portal.baseURL });
    const page = await context.newPage();
    await loginViaUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/settings');
    const toggle = page.getByRole('button', { name: 'Add Setting' });
    await toggle.click();
    await expect(page.getByRole('heading', { name: 'Add setting' })).toBeVisible();
    await toggle.click();
    await expect(page.getByRole('heading', { name: 'Add setting' })).toBeHidden();

    for (let attempt = 0; attempt < 2; attempt++) {
      await toggle.click();
      const form = page.locator('form', { has: page.getByRole('heading', { name: 'Add setting' }) });
      await form.getByLabel('Key').fill('Duplicate Key');
      await form.getByLabel('Value').fill('one');
      await form.getByRole('button', { name: 'Save Setting' }).click();
      if (attempt === 0) await expect(page.getByText(messages.settings.added)).toBeVisible();
    }
    await expect(page.getByText(messages.settings.addFailed)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: messages.settings.keyTaken })).toBeVisible();
    await context.close();
  });

  test('stacks the rows at phone width instead of overflowing', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: portal.baseURL, viewport: { width: 375, height: 740 } });
    const token = await loginApi(context.request, ADMIN.email, ADMIN.password);
    const longValue = `https://example.org/${'very-long-path-segment/'.repeat(6)}`;
    const created = await context.request.post('/api/v1/admin/settings', {
      headers: { Authorization: `Bearer ${token}` },
      data: { key: 'Phone Layout Check', value: longValue },
    });
    expect(created.status(), await created.text()).toBe(201);
    const page = await context.newPage();
    await loginViaUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/settings');
    const row = page.getByRole('row', { name: /Phone Layout Check/ });
    await expect(row).toContainText(longValue);
    await expect(row.getByRole('button', { name: 'Edit Phone Layout Check' })).toBeInViewport();
    await expect(row.getByRole('button', { name: 'Delete Phone Layout Check' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });
});
