import { randomBytes } from 'node:crypto';
import { residualReportFormat } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, pageHeading, signIn, test } from './support/fixtures';

// The import wizard reads a semicolon or tab report in columns (it used to split on commas only, so a
// semicolon report showed as one column), and says what a report needs.
test.describe('residual report format (desktop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const [name, delimiter] of [
    ['semicolon', ';'],
    ['tab', '\t'],
  ] as const) {
    test(`a ${name} report maps in columns, and the wizard says what a report needs`, async ({ page }) => {
      const suffix = randomBytes(3).toString('hex');
      const header = ['Merchant ID', 'DBA Name', '# Sales', '$ Sales', 'Net Revenue'];
      const rows = [
        [`FMT-${suffix}-1`, 'Oak Street Pizza, Downtown', '1892', '156,169.26', '1965.68'],
        [`FMT-${suffix}-2`, 'Maple Hardware', '1890', '92,641.83', '1162.45'],
      ];
      const csv = [header, ...rows].map((r) => r.join(delimiter)).join('\r\n');

      await signIn(page, ADMIN, '/admin/commissions');
      await expect(pageHeading(page, 'Commissions')).toBeVisible();
      await page.getByRole('tab', { name: 'Import report' }).click();

      await page.getByText(residualReportFormat.title).click();
      await expect(page.getByText(/separated by commas, semicolons or tabs/)).toBeVisible();

      await page
        .getByLabel('Residual report (CSV)')
        .setInputFiles({ name: 'residuals.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByLabel('Processor').fill(`Format ${name} ${suffix}`);
      await page.getByRole('button', { name: 'Next: map columns' }).click();

      // Each header is a column of its own, guessed from its name.
      await expect(page.getByLabel('Merchant ID (MID)')).toHaveValue('Merchant ID');
      await expect(page.getByLabel('Volume', { exact: true })).toHaveValue('$ Sales');
      await expect(page.getByLabel('Net revenue')).toHaveValue('Net Revenue');
      await expect(page.getByLabel('Merchant ID (MID)').locator('option')).toContainText(header);

      // The server reads the same columns: the comma stays inside the business name.
      await page.getByRole('button', { name: 'Run dry run' }).click();
      await expect(page.getByRole('heading', { name: 'Dry run: nothing is saved yet' })).toBeVisible();
      await page.getByRole('tab', { name: /Unknown MID/ }).click();
      const unknown = page.getByRole('table', { name: 'Rows with an unknown MID' });
      await expect(unknown.getByRole('row', { name: new RegExp(`FMT-${suffix}-1`) })).toContainText('Oak Street Pizza, Downtown');
      await expect(unknown.getByRole('row', { name: new RegExp(`FMT-${suffix}-2`) })).toContainText('Maple Hardware');
    });
  }
});
