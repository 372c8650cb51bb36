import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { addMonths, defaultCommissionPlan, monthLabel, monthOf, teamMessages } from '@portal/contract';
import { ADMIN } from './support/constants';
import {
  approveLead,
  expect,
  expectFitsPhone,
  loginApi,
  pageHeading,
  registerPartner,
  signIn,
  submitReferral,
  test,
} from './support/fixtures';

// Issue 21: an agent with two levels of team sees each override with its merchant and rate, and the
// admin sees the same numbers on the merchant's Splits panel.

// The flow runs once at desktop width; its end checks that the screens fit a phone.
const viewports = [{ name: 'desktop', size: { width: 1280, height: 800 } }] as const;

const header = 'Merchant ID,DBA Name,# Sales,$ Sales,$ Income,$ Expenses,Net Revenue';
const mapping = {
  mid: 'Merchant ID',
  business: 'DBA Name',
  transactions: '# Sales',
  volume: '$ Sales',
  income: '$ Income',
  costs: '$ Expenses',
  net_revenue: 'Net Revenue',
};

async function admin(request: APIRequestContext) {
  return { Authorization: `Bearer ${await loginApi(request, ADMIN.email, ADMIN.password)}` };
}

const levels = (...rates: number[]) => rates.map((rate_bps) => ({ rate_bps, end_month: null, rate_after_bps: null }));

for (const viewport of viewports) {
  test(`${viewport.name}: a team's overrides on statements, My team and the Splits panel`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    // Three partners, two approvals, an import and two browser contexts: more than the default budget.
    test.setTimeout(120_000);
    await page.setViewportSize(viewport.size);
    const run = randomBytes(3).toString('hex').toUpperCase();
    const top = await registerPartner(request, { fullName: `Tara Top ${run}` });
    const manager = await registerPartner(request, { fullName: `Manny Manager ${run}` });
    const agent = await registerPartner(request, { fullName: `Aggie Agent ${run}` });
    const headers = await admin(request);
    // The program plan: 20 % residual, no bonus; Tara's own plan pays her 10 % on level 1 and 5 % on level 2.
    const program = { ...defaultCommissionPlan, bonus_cents: 0, min_payout_cents: 0 };
    expect((await request.put('/api/v1/admin/commission-plan', { headers, data: program })).status()).toBe(200);
    for (const [who, rates] of [
      [top, levels(1_000, 500)],
      [manager, levels(1_000)],
    ] as const) {
      const saved = await request.put(`/api/v1/admin/users/${who.user.id}/commission-plan`, {
        headers,
        data: { override: { ...program, override_levels: rates } },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    }
    expect(
      (
        await request.put(`/api/v1/admin/users/${manager.user.id}/upline`, { headers, data: { upline_id: top.user.id } })
      ).status(),
    ).toBe(200);
    expect(
      (
        await request.put(`/api/v1/admin/users/${agent.user.id}/upline`, { headers, data: { upline_id: manager.user.id } })
      ).status(),
    ).toBe(200);

    const agentMid = `AG${run}4411`;
    const managerMid = `MG${run}7722`;
    await approveLead(request, await submitReferral(request, agent, `Aggie Bakery ${run}`), agentMid);
    await approveLead(request, await submitReferral(request, manager, `Manny Deli ${run}`), managerMid);
    const month = monthOf(new Date());
    const csv = [
      header,
      `${agentMid},Aggie Bakery,10,"10,000.00",150.00,50.00,100.00`,
      `${managerMid},Manny Deli,5,"5,000.00",90.00,30.00,60.00`,
    ].join('\n');
    const imported = await request.post('/api/v1/admin/commissions/imports', {
      headers,
      multipart: {
        month,
        processor: `Team ${run}`,
        dry_run: 'false',
        mapping: JSON.stringify(mapping),
        file: { name: 'team.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
      },
    });
    expect(imported.status(), await imported.text()).toBe(201);
    const statement = await request.get(`/api/v1/admin/statements?month=${month}&partner_id=${top.user.id}`, { headers });
    const topStatement = (await statement.json()).data.items[0];
    // Tara: 5 % of Aggie's $100.00 (level 2) + 10 % of Manny's $60.00 (level 1).
    expect(topStatement.override_cents).toBe(500 + 600);
    const published = await request.post('/api/v1/admin/statements/publish', {
      headers,
      data: { statement_ids: [topStatement.id] },
    });
    expect(published.status()).toBe(200);

    await signIn(page, top, `/compensation/statements/${topStatement.id}`);
    const overrides = page.getByRole('region', { name: 'Overrides on your team' });
    await expect(overrides).toBeVisible();
    const aggieRow = overrides.getByRole('row').filter({ hasText: `Aggie Agent ${run}` });
    await expect(aggieRow).toContainText('MID ending 4411');
    await expect(aggieRow).toContainText('Level 2');
    await expect(aggieRow).toContainText('5%');
    await expect(aggieRow).toContainText('$5.00');
    const mannyRow = overrides.getByRole('row').filter({ hasText: `Manny Manager ${run}` });
    await expect(mannyRow).toContainText('MID ending 7722');
    await expect(mannyRow).toContainText('10%');
    await expect(mannyRow).toContainText('$6.00');
    await expect(page.getByLabel('Statement totals')).toContainText('$11.00');

    // Partners reach their team from the main nav.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My team' }).click();
    await expect(pageHeading(page, 'My team')).toBeVisible();
    await expect(page).toHaveURL(/\/team$/);
    const members = page.getByRole('table', { name: 'Team members' });
    await expect(members).toContainText(`Manny Manager ${run}`);
    await expect(members).toContainText(`Aggie Agent ${run}`);
    await expect(page.getByRole('table', { name: 'Overrides earned per month' })).toContainText(monthLabel(month));
    await expect(page.getByRole('table', { name: 'Overrides earned per month' })).toContainText('$11.00');
    await expect(page.getByText(agentMid)).toHaveCount(0);

    // The admin, in a browser context of their own, sees the same numbers on Aggie's merchant's Splits panel.
    const adminContext = await browser.newContext({ baseURL, viewport: viewport.size });
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, { email: ADMIN.email, password: ADMIN.password }, `/admin/commissions/partners/${agent.user.id}`);
    await adminPage.getByRole('button', { name: `Splits of Aggie Bakery ${run}` }).click();
    const preview = adminPage.getByTestId('splits-preview');
    await expect(preview).toHaveText(
      `$100.00 → Aggie Agent ${run} $20.00 · Manny Manager ${run} $10.00 · Tara Top ${run} $5.00 · House $65.00`,
    );
    const panel = adminPage.getByTestId('splits-panel');
    await expect(panel.getByRole('listitem').filter({ hasText: `Tara Top ${run}` })).toContainText('Level 2');
    await expect(panel.getByRole('listitem').filter({ hasText: `Tara Top ${run}` })).toContainText('5%');
    await adminPage.keyboard.press('Escape');
    await expect(adminPage.getByRole('table', { name: `Aggie Agent ${run}'s team` })).toBeVisible();
    await expect(adminPage.getByTestId('upline')).toHaveText(`Manny Manager ${run} → Tara Top ${run}`);

    // The same panel on the partner's user page, behind its Team tab.
    await adminPage.goto(`/admin/users/${manager.user.id}`);
    await adminPage.getByRole('tab', { name: 'Team' }).click();
    await expect(adminPage).toHaveURL(/\?tab=team$/);
    await expect(adminPage.getByRole('table', { name: `Manny Manager ${run}'s team` })).toContainText(`Aggie Agent ${run}`);
    await expect(adminPage.getByTestId('upline')).toHaveText(`Tara Top ${run}`);

    // Tara's own plan shows her override levels in percent in the plan form.
    await adminPage.goto(`/admin/commissions/partners/${top.user.id}`);
    await expect(adminPage.getByLabel('Level 1 rate (%)')).toHaveValue('10');
    await expect(adminPage.getByLabel('Level 2 rate (%)')).toHaveValue('5');

    // On a phone: My team fits and is behind the menu button; the admin's Team tab fits.
    await expectFitsPhone(page, '/team', 'My team');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My team' })).toBeVisible();
    await expectFitsPhone(adminPage, `/admin/users/${manager.user.id}?tab=team`, new RegExp(`Manny Manager ${run}`));
    await expect(adminPage.getByRole('table', { name: `Manny Manager ${run}'s team` })).toBeVisible();
    await adminContext.close();
  });
}

// Edit splits (issue 21): a change to an existing merchant is a version "from month M"; a month on a
// published statement is refused on the month field, and the published statement never changes.
test('desktop: the admin edits a merchant’s splits from a later month, by keyboard', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const run = randomBytes(3).toString('hex').toUpperCase();
  const manager = await registerPartner(request, { fullName: `Manny Manager ${run}` });
  const agent = await registerPartner(request, { fullName: `Aggie Agent ${run}` });
  const newcomer = await registerPartner(request, { fullName: `Nora Newcomer ${run}` });
  const headers = await admin(request);
  const program = { ...defaultCommissionPlan, bonus_cents: 0, min_payout_cents: 0 };
  expect((await request.put('/api/v1/admin/commission-plan', { headers, data: program })).status()).toBe(200);
  const plan = await request.put(`/api/v1/admin/users/${manager.user.id}/commission-plan`, {
    headers,
    data: { override: { ...program, override_levels: levels(1_000) } },
  });
  expect(plan.status(), await plan.text()).toBe(200);
  const upline = await request.put(`/api/v1/admin/users/${agent.user.id}/upline`, {
    headers,
    data: { upline_id: manager.user.id },
  });
  expect(upline.status()).toBe(200);
  const mid = `ED${run}5511`;
  const business = `Aggie Bakery ${run}`;
  await approveLead(request, await submitReferral(request, agent, business), mid);
  const month = monthOf(new Date());
  const imported = await request.post('/api/v1/admin/commissions/imports', {
    headers,
    multipart: {
      month,
      processor: `Edit ${run}`,
      dry_run: 'false',
      mapping: JSON.stringify(mapping),
      file: {
        name: 'edit.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`${header}\n${mid},Aggie Bakery,10,"10,000.00",150.00,50.00,100.00`),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  const statements = await request.get(`/api/v1/admin/statements?month=${month}&partner_id=${agent.user.id}`, { headers });
  const statement = (await statements.json()).data.items[0];
  expect(statement.residual_cents).toBe(2_000);
  expect(
    (await request.post('/api/v1/admin/statements/publish', { headers, data: { statement_ids: [statement.id] } })).status(),
  ).toBe(200);

  await signIn(page, { email: ADMIN.email, password: ADMIN.password }, `/admin/commissions/partners/${agent.user.id}`);
  await page.getByRole('button', { name: `Splits of ${business}` }).click();
  await page.getByRole('button', { name: 'Edit splits' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit splits · ${business}` });
  await expect(dialog.getByLabel("Partner's own share (%)")).toHaveValue('20');
  await expect(dialog.getByLabel('Level 1 rate (%)')).toHaveValue('10');
  // The month defaults to this one, which is published: the server refuses it on the month field.
  await expect(dialog.getByLabel('From month')).toHaveValue(month);
  await dialog.getByLabel('Level 1 rate (%)').fill('15');
  await dialog.getByLabel('Level 1 rate (%)').press('Enter');
  const published = teamMessages.splitsPublished(month);
  await expect(dialog.getByText(published)).toBeVisible();
  await expect(dialog.getByLabel('From month')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('From month')).toBeFocused();

  // From next month: the partner's share 25 %, Manny 15 %, and Nora added as level 2, all by keyboard.
  const next = addMonths(month, 1);
  await dialog.getByLabel('From month').fill(next);
  await dialog.getByLabel("Partner's own share (%)").fill('25');
  await dialog.getByRole('button', { name: 'Add level' }).press('Enter');
  const picker = dialog.getByRole('combobox', { name: 'Level 2 partner' });
  await picker.focus();
  await picker.pressSequentially(newcomer.email);
  await expect(dialog.getByRole('listbox', { name: 'Level 2 partner results' }).getByRole('option')).toHaveCount(1);
  await expect(dialog.getByRole('option', { name: new RegExp(`Nora Newcomer ${run}`) })).toHaveAttribute('aria-selected', 'true');
  await picker.press('Enter');
  await expect(dialog.getByText(`Nora Newcomer ${run}`)).toBeVisible();
  await dialog.getByLabel('Level 2 rate (%)').fill('150');
  await dialog.getByLabel('Level 2 rate (%)').press('Enter');
  await expect(dialog.getByText(teamMessages.overRate)).toBeVisible();
  await expect(dialog.getByLabel('Level 2 rate (%)')).toBeFocused();
  await dialog.getByLabel('Level 2 rate (%)').fill('5');
  await dialog.getByRole('button', { name: 'Save splits' }).press('Enter');
  await expect(page.getByText(teamMessages.splitsSaved(next))).toBeVisible();

  // Back on the Splits panel: the new version is the latest; the published month keeps its split.
  const panel = page.getByTestId('splits-panel');
  const latest = panel.getByRole('region', { name: `Chain from ${monthLabel(next)}` });
  await expect(latest.getByRole('listitem').filter({ hasText: `Aggie Agent ${run}` })).toContainText('25%');
  await expect(latest.getByRole('listitem').filter({ hasText: `Manny Manager ${run}` })).toContainText('15%');
  await expect(latest.getByRole('listitem').filter({ hasText: `Nora Newcomer ${run}` })).toContainText('Level 2');
  await expect(panel.getByTestId('splits-preview')).toHaveText(
    `$100.00 → Aggie Agent ${run} $20.00 · Manny Manager ${run} $10.00 · House $70.00`,
  );
  const after = await request.get(`/api/v1/admin/statements/${statement.id}`, { headers });
  expect((await after.json()).data.totals.total_cents).toBe(2_000);
  const stored = await request.get(`/api/v1/admin/merchant-accounts/${(await splitsOf(request, agent.user.id, mid)).id}/splits`, {
    headers,
  });
  expect((await stored.json()).data.versions[0]).toMatchObject({
    from_month: next,
    levels: [
      { level: 0, rate_bps: 2_500 },
      { level: 1, partner_id: manager.user.id, rate_bps: 1_500 },
      { level: 2, partner_id: newcomer.user.id, rate_bps: 500 },
    ],
  });
});

async function splitsOf(request: APIRequestContext, partnerId: number, mid: string): Promise<{ id: string }> {
  const res = await request.get(`/api/v1/admin/merchant-accounts?partner_id=${partnerId}`, { headers: await admin(request) });
  return (await res.json()).data.items.find((a: { mid: string }) => a.mid === mid);
}

test('phone: the Edit splits dialog fits 390 px and its Save button is reachable', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const run = randomBytes(3).toString('hex').toUpperCase();
  const manager = await registerPartner(request, { fullName: `Manny Manager ${run}` });
  const agent = await registerPartner(request, { fullName: `Aggie Agent ${run}` });
  const headers = await admin(request);
  expect(
    (
      await request.put(`/api/v1/admin/users/${agent.user.id}/upline`, { headers, data: { upline_id: manager.user.id } })
    ).status(),
  ).toBe(200);
  const business = `Phone Bakery ${run}`;
  await approveLead(request, await submitReferral(request, agent, business), `PH${run}6611`);

  await signIn(page, { email: ADMIN.email, password: ADMIN.password }, `/admin/commissions/partners/${agent.user.id}`);
  await page.getByRole('button', { name: `Splits of ${business}` }).click();
  await page.getByRole('button', { name: 'Edit splits' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit splits · ${business}` });
  await expect(dialog.getByLabel('Level 1 rate (%)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add level' }).click();
  await expect(dialog.getByLabel('Level 2 rate (%)')).toBeVisible();
  const overflow = await dialog.evaluate((el) => ({
    dialog: el.getBoundingClientRect().right,
    scroll: [...el.querySelectorAll('*')].some(
      (child) => child.scrollWidth > child.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(child).overflowX),
    ),
    page: document.documentElement.scrollWidth,
  }));
  expect(overflow.dialog).toBeLessThanOrEqual(390);
  expect(overflow.scroll).toBe(false);
  expect(overflow.page).toBeLessThanOrEqual(390);
  const save = dialog.getByRole('button', { name: 'Save splits' });
  await save.scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport();
});
