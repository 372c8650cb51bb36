import { limits, messages, pipelineMessages, settingKeys } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, expectFitsPhone, expectPage, loginApi, pageHeading, registerPartner, signIn, test } from './support/fixtures';

test.describe('partner settings', () => {
  test('saves the Facebook Pixel ID with a banner that disappears after 3 seconds', async ({ page, request }) => {
    await page.clock.install();
    const partner = await registerPartner(request);
    await signIn(page, partner, '/settings');
    await expect(pageHeading(page, 'Settings')).toBeVisible();
    const field = page.getByLabel('Facebook Pixel ID');
    await expect(field).toBeEnabled();
    await expect(field).toHaveValue('');

    await field.fill('12ab');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(messages.pixel.invalid)).toBeVisible();

    await field.fill('123456789012345');
    // From here the page's time moves only when the test moves it.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const banner = page.getByText(messages.pixel.updated);
    await expect(banner).toBeVisible();
    await page.clock.fastForward(limits.pixelBannerMs - 200);
    await expect(banner).toBeVisible();
    await page.clock.fastForward(200);
    await expect(banner).toBeHidden();

    await page.clock.resume();
    await page.reload();
    await expect(page.getByLabel('Facebook Pixel ID')).toHaveValue('123456789012345');
  });
});

test.describe('partner notifications', () => {
  test('switches each email off and on, saved across a reload', async ({ page, request }) => {
    const partner = await registerPartner(request);
    await signIn(page, partner, '/settings');
    const statusChanges = page.getByRole('switch', { name: 'Status changes' });
    const newReferral = page.getByRole('switch', { name: 'New referral through my link' });
    await expect(statusChanges).toBeChecked();
    await expect(newReferral).toBeChecked();

    await statusChanges.uncheck();
    await expect(page.getByText(pipelineMessages.preferencesSaved)).toBeVisible();
    await expect(statusChanges).toBeEnabled();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Status changes' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'New referral through my link' })).toBeChecked();
    // Issue 23 §3: an admin's note for them on a referral is its own email, on by default.
    await expect(page.getByRole('switch', { name: 'Notes on my referrals' })).toBeChecked();
  });
});

test.describe('admin notifications', () => {
  test('an admin switches partner replies apart from new leads on Your account, and it fits a phone', async ({ page }) => {
    await signIn(page, ADMIN, '/admin/account');
    await expectPage(page, /\/admin\/account$/, 'Your account');
    const replies = page.getByRole('switch', { name: 'Partner replies' });
    await expect(replies).toBeChecked();
    await expect(page.getByRole('switch', { name: 'New leads' })).toBeChecked();
    await replies.uncheck();
    await expect(page.getByText(pipelineMessages.preferencesSaved)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Partner replies' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'New leads' })).toBeChecked();
    // The shared admin gets them again, as every other test expects.
    await page.getByRole('switch', { name: 'Partner replies' }).check();
    await expect(page.getByRole('switch', { name: 'Partner replies' })).toBeEnabled();
    await expect(page.getByRole('switch', { name: 'Partner replies' })).toBeChecked();
    await expectFitsPhone(page, '/admin/account', 'Your account');
  });
});

test.describe('admin settings', () => {
  // freshSettings: each test starts from an empty settings table and leaves an empty one behind.
  test('adds, edits and deletes a setting, with the empty state around them', async ({ page, freshSettings: _ }) => {
    await signIn(page, ADMIN, '/admin');
    await expectPage(page, /\/admin$/, 'Dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expectPage(page, /\/admin\/settings$/, 'Settings');
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

    // Delete: cancelling the confirmation dialog keeps the row, confirming removes it.
    await row.getByRole('button', { name: 'Delete Contact Us' }).click();
    let confirm = page.getByRole('dialog', { name: /Delete/ });
    await expect(confirm).toContainText(messages.settings.confirmDelete);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Delete Contact Us' }).click();
    confirm = page.getByRole('dialog', { name: /Delete/ });
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Delete Contact Us' }).click();
    await page
      .getByRole('dialog', { name: /Delete/ })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(page.getByText(messages.settings.deleted)).toBeVisible();
    await expect(page.getByText(messages.settings.empty)).toBeVisible();
  });

  test('toggles the form with Add Setting and reports a duplicate key', async ({ page, freshSettings: _ }) => {
    await signIn(page, ADMIN, '/admin/settings');
    await expect(pageHeading(page, 'Settings')).toBeVisible();
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
    // The refusal sits under the Key field it concerns, which takes the focus.
    const key = page.locator('form', { has: page.getByRole('heading', { name: 'Add setting' }) }).getByLabel('Key');
    await expect(key).toHaveAccessibleDescription(messages.settings.keyTaken);
    await expect(key).toBeFocused();
  });

  test('stacks the rows at phone width instead of overflowing', async ({ browser, baseURL, request, freshSettings: _ }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const token = await loginApi(request, ADMIN.email, ADMIN.password);
    const longValue = `https://example.org/${'very-long-path-segment/'.repeat(6)}`;
    const created = await request.post('/api/v1/admin/settings', {
      headers: { Authorization: `Bearer ${token}` },
      data: { key: 'Phone Layout Check', value: longValue },
    });
    expect(created.status(), await created.text()).toBe(201);
    const page = await context.newPage();
    await signIn(page, ADMIN, '/admin/settings');
    const row = page.getByRole('row', { name: /Phone Layout Check/ });
    await expect(row).toContainText(longValue);
    // The Portal settings card comes first, so the table starts below the fold: scroll to the row.
    await row.scrollIntoViewIfNeeded();
    await expect(row.getByRole('button', { name: 'Edit Phone Layout Check' })).toBeInViewport();
    await expect(row.getByRole('button', { name: 'Delete Phone Layout Check' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Issue 23 §6: a fixed-choice key is a select that saves at once and says what the chosen value does.
    const mode = page.getByRole('combobox', { name: settingKeys.registrationMode });
    await mode.scrollIntoViewIfNeeded();
    await expect(mode).toBeInViewport();
    await expect(mode).toHaveValue('open');
    await mode.selectOption('invite_only');
    await expect(page.getByText(`${settingKeys.registrationMode}: Invite only`)).toBeVisible();
    await expect(mode).toHaveAccessibleDescription(/partners join only when an admin invites them/);
    const emails = page.getByRole('switch', { name: settingKeys.newLeadEmails });
    await expect(emails).toBeChecked();
    await expect(emails).toHaveAccessibleDescription(/Admins are emailed about every new referral/);
    await expect(page.getByRole('row', { name: new RegExp(settingKeys.registrationMode) })).toContainText('invite_only');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });
});
