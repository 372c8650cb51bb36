import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN } from './support/constants';
import { expect, registerPartner, signIn, test } from './support/fixtures';

// Issue 23 §9: no serious or critical axe finding on the screens a partner and an admin open first.

const viewports = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;

async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim() ?? ''})`));
}

for (const viewport of viewports) {
  test.describe(`axe (${viewport.name})`, () => {
    test.use({ viewport: viewport.size });

    test('partner screens: dashboard, referrals, My Commissions', async ({ page, request }) => {
      test.setTimeout(240_000);
      const partner = await registerPartner(request, { fullName: 'Axel Axe' });
      for (const [path, heading] of [
        ['/dashboard', 'Dashboard'],
        ['/referrals', 'Referrals'],
        ['/compensation', 'My Commissions'],
      ] as const) {
        if (path === '/dashboard') await signIn(page, partner, path);
        else await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await seriousFindings(page), path).toEqual([]);
      }
    });

    test('admin screens: home, referrals table and board', async ({ page }) => {
      test.setTimeout(240_000);
      await signIn(page, ADMIN, '/admin');
      for (const [path, heading] of [
        ['/admin', 'Dashboard'],
        ['/admin/leads', 'Referrals'],
        ['/admin/leads?view=board', 'Referrals'],
      ] as const) {
        if (path !== '/admin') await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await seriousFindings(page), path).toEqual([]);
      }
    });
  });
}
