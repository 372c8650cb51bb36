import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { defaultCommissionPlan, formatCents, monthLabel, monthOf, parseMoneyCents, shareOfCents } from '@portal/contract';
import { ADMIN } from './support/constants';
import { approveLead, expect, loginApi, pageHeading, registerPartner, signIn, submitReferral, test } from './support/fixtures';

const viewports = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;

const sample = fs.readFileSync(new URL('./fixtures/residuals-sample.csv', import.meta.url), 'utf8');

interface ReportRow {
  mid: string;
  business: string;
  volumeCents: number;
  netRevenueCents: number;
}

/** Splits one CSV line (quoted cells allowed). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const quote = (cell: string) => (/[",]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/**
 * The shipped sample with every MID made unique to this run (the worker's server is shared by the
 * desktop and phone runs, and a MID belongs to one merchant account), plus the rows as read.
 */
function sampleForRun(suffix: string): { csv: string; rows: ReportRow[] } {
  const [header = '', ...lines] = sample
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const headers = cellsOf(header).map((h) => h.trim());
  const column = (name: string) => {
    const index = headers.indexOf(name);
    expect(index, `the sample has a "${name}" column`).toBeGreaterThanOrEqual(0);
    return index;
  };
  const [mid, business, volume, net] = [column('Merchant ID'), column('DBA Name'), column('$ Sales'), column('Net Revenue')];
  const rows: ReportRow[] = [];
  const out = [header];
  for (const line of lines) {
    const cells = cellsOf(line);
    // A prefix keeps the last four characters (all a partner sees) those of the sample.
    cells[mid] = `${suffix}-${cells[mid]!.trim()}`;
    out.push(cells.map(quote).join(','));
    rows.push({
      mid: cells[mid],
      business: cells[business]!.trim(),
      volumeCents: parseMoneyCents(cells[volume]!) ?? NaN,
      netRevenueCents: parseMoneyCents(cells[net]!) ?? NaN,
    });
  }
  return { csv: `${out.join('\n')}\n`, rows };
}

async function adminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await loginApi(request, ADMIN.email, ADMIN.password)}` };
}

/** The program plan the expected amounts are computed with. */
async function setProgramPlan(request: APIRequestContext) {
  const saved = await request.put('/api/v1/admin/commission-plan', {
    headers: await adminHeaders(request),
    data: defaultCommissionPlan,
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function openMyCommissions(page: Page, isPhone: boolean) {
  if (isPhone) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Commissions' }).click();
  await expect(pageHeading(page, 'My Commissions')).toBeVisible();
}

// The admin imports at desktop width and the partner reads the statement on a phone: each screen at the
// width it is used most, in one story.
for (const viewport of viewports.filter((v) => v.name === 'desktop')) {
  test.describe(`commissions (${viewport.name})`, () => {
    test.use({ viewport: viewport.size });

    test('an admin imports a residual report, resolves an unknown MID and publishes; the partner reads the statement and its PDF', async ({
      browser,
      baseURL,
      page,
      request,
    }, testInfo) => {
      // Two people, an upload, a dry run, a commit and a PDF in one story.
      test.slow();
      const suffix = randomBytes(3).toString('hex');
      const { csv, rows } = sampleForRun(suffix);
      expect(rows.length, 'the sample has at least three merchants').toBeGreaterThanOrEqual(3);
      const [approved, unknown] = rows as [ReportRow, ReportRow, ...ReportRow[]];
      const plan = defaultCommissionPlan;
      expect(approved.volumeCents, 'the first merchant earns its bonus this month').toBeGreaterThanOrEqual(
        plan.bonus_min_volume_cents,
      );
      // The month of the referral's approval, so its bonus, earned by this report, is on this statement.
      // Each run has its own processor: a month's report of a processor is replaced by the next upload.
      const month = monthOf(new Date());

      const partner = await registerPartner(request, { fullName: `Paula Payee ${suffix}` });
      await setProgramPlan(request);
      await approveLead(request, await submitReferral(request, partner, approved.business), approved.mid);

      // The admin uploads the month's report.
      await signIn(page, ADMIN, '/admin/commissions');
      await expect(pageHeading(page, 'Commissions')).toBeVisible();
      await page.getByRole('tab', { name: 'Import report' }).click();
      await page
        .getByLabel('Residual report (CSV)')
        .setInputFiles({ name: 'residuals.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByLabel('Report month').fill(month);
      await page.getByLabel('Processor').fill(`E2E Processor ${suffix}`);
      await page.getByRole('button', { name: 'Next: map columns' }).click();

      // A new processor: the columns are guessed from the header names and can be changed.
      await expect(page.getByLabel('Merchant ID (MID)')).toHaveValue('Merchant ID');
      await page.getByLabel('Volume', { exact: true }).selectOption('$ Sales');
      await page.getByLabel('Net revenue', { exact: true }).selectOption('Net Revenue');
      await page.getByRole('button', { name: 'Run dry run' }).click();
      await expect(page.getByRole('heading', { name: 'Dry run: nothing is saved yet' })).toBeVisible();

      // Matched: the approved merchant, with its residual computed once, half up.
      await page.getByRole('tab', { name: /Matched/ }).click();
      const matched = page.getByRole('table', { name: 'Matched rows' });
      await expect(matched.getByRole('row', { name: new RegExp(escapeRegExp(approved.mid)) })).toContainText(
        formatCents(shareOfCents(approved.netRevenueCents, plan.residual_share_bps)),
      );

      // An unknown MID is assigned to the partner with the partner picker; the dry run runs again.
      await page.getByRole('tab', { name: /Unknown MID/ }).click();
      await page.getByRole('button', { name: `Assign MID ${unknown.mid} to a partner` }).click();
      const assign = page.getByRole('dialog', { name: `Assign MID ${unknown.mid}` });
      await assign.getByRole('combobox', { name: 'Partner' }).fill(partner.email);
      await page.getByRole('option', { name: new RegExp(escapeRegExp(partner.fullName)) }).click();
      await expect(assign.getByText(partner.email)).toBeVisible();
      await assign.getByRole('button', { name: 'Assign to partner' }).click();
      await expect(assign).toBeHidden();
      await expect(page.getByRole('button', { name: `Assign MID ${unknown.mid} to a partner` })).toHaveCount(0);
      await page.getByRole('tab', { name: /Matched/ }).click();
      await expect(matched.getByRole('row', { name: new RegExp(escapeRegExp(unknown.mid)) })).toContainText(partner.fullName);

      // Commit, then publish the partner's draft statement for the month.
      await page.getByRole('button', { name: 'Commit import' }).click();
      await expect(page.getByRole('tab', { name: 'Statements', selected: true })).toBeVisible();
      await expect(page.getByLabel('Month', { exact: true })).toHaveValue(month);
      const statementRow = page.getByRole('row', { name: new RegExp(escapeRegExp(partner.fullName)) });
      await expect(statementRow).toContainText('Draft');
      await statementRow.getByRole('button', { name: `Publish ${partner.fullName}, ${monthLabel(month)}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Publish statement' });
      await confirm.getByRole('button', { name: 'Publish' }).click();
      await expect(confirm).toBeHidden();
      await expect(statementRow).toContainText('Published');

      // The partner opens the statement from My Commissions.
      const context = await browser.newContext({ baseURL, viewport: viewports[1].size, acceptDownloads: true });
      const partnerPage = await context.newPage();
      await signIn(partnerPage, partner, '/dashboard');
      await expect(pageHeading(partnerPage, 'Dashboard')).toBeVisible();
      await openMyCommissions(partnerPage, true);
      await partnerPage
        .getByRole('link', { name: monthLabel(month) })
        .first()
        .click();
      await expect(pageHeading(partnerPage, `Statement · ${monthLabel(month)}`)).toBeVisible();

      // Each merchant's residual, the bonus for the approved one, and totals that add up to the cent.
      const residuals = [approved, unknown].map((row) => shareOfCents(row.netRevenueCents, plan.residual_share_bps));
      const merchants = partnerPage.getByRole('table', { name: `Residuals by merchant, ${monthLabel(month)}` });
      for (const [index, row] of [approved, unknown].entries()) {
        const line = merchants.getByRole('row', { name: new RegExp(escapeRegExp(row.business)) });
        await expect(line).toContainText(`MID ending ${row.mid.slice(-4)}`);
        await expect(line).toContainText(formatCents(residuals[index]!));
        await expect(line).not.toContainText(row.mid);
      }
      const bonuses = partnerPage.getByRole('table', { name: `Bonuses, ${monthLabel(month)}` });
      await expect(bonuses.getByRole('row', { name: new RegExp(escapeRegExp(approved.business)) })).toContainText(
        formatCents(plan.bonus_cents),
      );
      const bonusLines = await bonuses.getByRole('row', { name: /\$200\.00/ }).count();
      const residualTotal = residuals[0]! + residuals[1]!;
      const total = residualTotal + bonusLines * plan.bonus_cents;
      const totals = partnerPage.getByLabel('Statement totals');
      await expect(totals.locator('div').filter({ hasText: /^Residuals/ })).toContainText(formatCents(residualTotal));
      await expect(totals.locator('div').filter({ hasText: /^Total/ })).toContainText(formatCents(total));
      await expect(partnerPage.getByTestId('statement-total')).toHaveText(formatCents(total));

      // The PDF, made on the server: saved, its first page rendered to PNG and its text read.
      const [download] = await Promise.all([
        partnerPage.waitForEvent('download'),
        partnerPage.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      const pdfPath = testInfo.outputPath('statement.pdf');
      await download.saveAs(pdfPath);
      expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
      const pngBase = testInfo.outputPath('statement-page-1');
      execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdfPath, pngBase]);
      expect(fs.statSync(`${pngBase}.png`).size).toBeGreaterThan(10_000);
      await testInfo.attach('statement page 1', { path: `${pngBase}.png`, contentType: 'image/png' });
      const text = execFileSync('pdftotext', ['-layout', '-f', '1', '-l', '1', pdfPath, '-']).toString();
      expect(text).toContain(approved.business);
      expect(text).toContain(formatCents(total));
      await context.close();
    });
  });
}

test.describe('commissions: merchant accounts and lines (desktop)', () => {
  test.use({ viewport: viewports[0].size });

  test('an admin holds a bonus with a reason, and closing an account inside the window voids its bonus', async ({
    page,
    request,
  }) => {
    const suffix = randomBytes(3).toString('hex');
    const partner = await registerPartner(request, { fullName: `Carl Closer ${suffix}` });
    await setProgramPlan(request);
    const held = { business: `Held Bakery ${suffix}`, mid: `HOLD-${suffix}-0001` };
    const closed = { business: `Closing Florist ${suffix}`, mid: `CLOSE-${suffix}-0002` };
    await approveLead(request, await submitReferral(request, partner, held.business), held.mid);
    await approveLead(request, await submitReferral(request, partner, closed.business), closed.mid);
    const accounts = await request.get('/api/v1/admin/merchant-accounts', { headers: await adminHeaders(request) });
    const partnerId = (await accounts.json()).data.items.find((a: { mid: string }) => a.mid === closed.mid).partner_id;

    await signIn(page, ADMIN, `/admin/commissions/partners/${partnerId}`);
    await expect(pageHeading(page, `Commissions · ${partner.fullName}`)).toBeVisible();

    // The pending bonuses are lines of the approval month: hold one, with the reason the partner will read.
    await page.getByLabel('Month', { exact: true }).fill(monthOf(new Date()));
    const lines = page.getByRole('table', { name: 'Commission lines' });
    const heldBonus = lines.getByRole('row', { name: new RegExp(escapeRegExp(held.business)) });
    await expect(heldBonus).toContainText('Pending');
    await heldBonus.getByRole('button', { name: `Hold Bonus ${held.business}` }).click();
    const hold = page.getByRole('dialog', { name: 'Hold line' });
    await hold.getByRole('button', { name: 'Hold line' }).click();
    await expect(hold.getByText('Reason is required')).toBeVisible();
    await hold.getByLabel('Reason').fill('Waiting for the signed agreement');
    await hold.getByRole('button', { name: 'Hold line' }).click();
    await expect(hold).toBeHidden();
    await expect(heldBonus).toContainText('On hold');
    await expect(heldBonus).toContainText('Waiting for the signed agreement');

    // Closing the other account the day it was approved (inside the window) voids its unearned bonus.
    const merchants = page.getByRole('table', { name: 'Merchant accounts' });
    await merchants
      .getByRole('row', { name: new RegExp(escapeRegExp(closed.business)) })
      .getByRole('button', { name: `Close account ${closed.business}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Close ${closed.business}` });
    await expect(dialog).toContainText(closed.mid);
    await dialog.getByRole('button', { name: 'Close account' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `${closed.business} closed on` })).toContainText('Bonus voided');
    await expect(merchants.getByRole('row', { name: new RegExp(escapeRegExp(closed.business)) })).toContainText('Closed');
    await expect(lines.getByRole('row', { name: new RegExp(escapeRegExp(closed.business)) })).toContainText(
      'Account closed within',
    );
  });
});
