import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { leadStatusLabels, pipelineMessages } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, expectFitsPhone, loginApi, registerPartner, signIn, submitReferral, test } from './support/fixtures';

// Issue 23 §4: /admin/leads as a board, owners and "my leads", the stale cue, no CRM column without a CRM.

const column = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Pipeline board' }).getByRole('region', { name: label });

test('a card moves by drag and by its Move button from the keyboard, through the move dialog and its 409; owners and my leads; the stale cue', async ({
  page,
  request,
}) => {
  test.slow();
  const suffix = randomBytes(4).toString('hex');
  const business = `Board Bakery ${suffix}`;
  const partner = await registerPartner(request);
  const leadId = await submitReferral(request, partner, business);

  await signIn(page, ADMIN, `/admin/leads?view=board&q=${suffix}`);
  await expect(page.getByRole('button', { name: 'Board', pressed: true })).toBeVisible();
  const card = (status: string) => column(page, status).getByTestId('board-card').filter({ hasText: business });
  await expect(card(leadStatusLabels.new)).toBeVisible();

  // New → Contacted by drag; every later move by the card's Move button, the keyboard's way.
  const dialog = page.getByRole('dialog', { name: 'Change status' });
  await card(leadStatusLabels.new).dragTo(column(page, leadStatusLabels.contacted));
  await expect(dialog.getByLabel('New status')).toHaveValue('contacted');
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(leadStatusLabels.contacted)).toBeVisible();
  await expect(card(leadStatusLabels.new)).toHaveCount(0);

  // Closing needs a reason, as in the table.
  await card(leadStatusLabels.contacted)
    .getByRole('button', { name: `Move ${business}` })
    .focus();
  await page.keyboard.press('Enter');
  await dialog.getByLabel('New status').selectOption({ label: leadStatusLabels.lost });
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(dialog.getByText(pipelineMessages.reasonRequired)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Someone else moves the lead: the board's card is stale, and the move answers the same 409.
  const moved = await request.post(`/api/v1/admin/leads/${leadId}/status`, {
    headers: { Authorization: `Bearer ${await loginApi(request, ADMIN.email, ADMIN.password)}` },
    data: { status: 'analysis', expected_status: 'contacted' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await card(leadStatusLabels.contacted)
    .getByRole('button', { name: `Move ${business}` })
    .click();
  await dialog.getByLabel('New status').selectOption({ label: leadStatusLabels.application });
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(dialog.getByText(pipelineMessages.staleStatus)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(leadStatusLabels.analysis)).toBeVisible();

  // The admin takes the lead; "My leads" in the table finds it, with its owner.
  await card(leadStatusLabels.analysis).getByRole('button', { name: business, exact: true }).click();
  const sheet = page.getByRole('dialog', { name: `Referral ${business}` });
  await sheet.getByRole('button', { name: 'Take it' }).click();
  await expect(sheet.getByLabel('Admin responsible')).toHaveValue(/\d+/);
  await expect(sheet.getByRole('button', { name: 'Take it' })).toBeHidden();
  await sheet.getByRole('button', { name: /close/i }).first().click();

  await page.goto(`/admin/leads?owner=me&q=${suffix}`);
  const row = page.getByRole('row', { name: new RegExp(business) });
  await expect(row).toContainText(ADMIN.fullName);
  // CRM=none in these tests: no CRM column.
  await expect(page.getByRole('columnheader', { name: 'CRM sync' })).toHaveCount(0);
  await page.goto(`/admin/leads?owner=none&q=${suffix}`);
  await expect(page.getByText('No referrals match these filters.')).toBeVisible();

  // Ten and a half days later (the browser's clock), the open lead says it has waited.
  await page.clock.setFixedTime(new Date(Date.now() + 10.5 * 86_400_000));
  await page.goto(`/admin/leads?q=${suffix}`);
  await expect(page.getByRole('row', { name: new RegExp(business) }).getByTestId('stale-cue')).toHaveText(
    'No update for 10 days',
  );

  // On a phone the board fits the screen and a card still offers its Move button.
  await expectFitsPhone(page, `/admin/leads?view=board&q=${suffix}`, 'Referrals');
  await expect(card(leadStatusLabels.analysis).getByRole('button', { name: `Move ${business}` })).toBeVisible();
});
