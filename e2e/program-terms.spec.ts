import type { APIRequestContext } from '@playwright/test';
import { defaultCommissionPlan, planTerms, type CommissionPlan } from '@portal/contract';
import { ADMIN } from './support/constants';
import { expect, expectFitsPhone, loginApi, pageHeading, registerPartner, signIn, test } from './support/fixtures';

// Issue 23 §2: the terms a partner reads are written from the plan that pays them.

async function adminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await loginApi(request, ADMIN.email, ADMIN.password)}` };
}

async function setOverride(request: APIRequestContext, partnerId: number, override: CommissionPlan | null) {
  const res = await request.put(`/api/v1/admin/users/${partnerId}/commission-plan`, {
    headers: await adminHeaders(request),
    data: { override },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('a partner reads the terms of their plan, and a plan change shows at once; the admin sees them while typing', async ({
  page,
  request,
  freshSettings,
}) => {
  void freshSettings;
  const saved = await request.put('/api/v1/admin/commission-plan', {
    headers: await adminHeaders(request),
    data: defaultCommissionPlan,
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const added = await request.post('/api/v1/admin/settings', {
    headers: await adminHeaders(request),
    data: { key: 'Program Terms', value: 'Payments go out by ACH.' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const partner = await registerPartner(request, { fullName: 'Terry Terms' });

  await signIn(page, partner, '/dashboard');
  const terms = page.getByTestId('program-terms');
  await expect(terms).toHaveText(
    'Program terms: $200.00 per approved merchant + 20% of its monthly net revenue while it processes · Payments go out by ACH.',
  );

  // The admin gives this partner a plan of their own: the partner's next look shows it.
  await setOverride(request, partner.user.id, { ...defaultCommissionPlan, bonus_cents: 35_000, residual_share_bps: 2_500 });
  await page.reload();
  await expect(terms).toHaveText(
    'Program terms: $350.00 per approved merchant + 25% of its monthly net revenue while it processes · Payments go out by ACH.',
  );

  await page.goto('/compensation');
  await expect(pageHeading(page, 'My Commissions')).toBeVisible();
  const card = page.getByRole('region', { name: 'Your terms' });
  const expected = planTerms({ ...defaultCommissionPlan, bonus_cents: 35_000, residual_share_bps: 2_500 });
  await expect(card.getByRole('listitem')).toHaveText(expected);
  await expect(card.getByText('Payments go out by ACH.')).toBeVisible();
  await expect(card.getByText('These terms were set for your account.')).toBeVisible();

  // The admin's plan form shows what partners will read as the amounts are typed.
  const adminPage = await page.context().browser()!.newPage();
  await signIn(adminPage, ADMIN, '/admin/commissions?tab=plan');
  const bonus = adminPage.getByLabel('Bonus per approved merchant');
  await expect(bonus).toHaveValue('200.00');
  const preview = adminPage.getByTestId('plan-terms-preview');
  await expect(preview.getByRole('listitem').first()).toHaveText(planTerms(defaultCommissionPlan)[0]!);
  await bonus.fill('250');
  await expect(preview.getByRole('listitem').first()).toHaveText(
    planTerms({ ...defaultCommissionPlan, bonus_cents: 25_000 })[0]!,
  );
  await bonus.fill('abc');
  await expect(adminPage.getByText('Correct the fields above to see the terms.')).toBeVisible();
  await adminPage.close();

  // The partner's terms fit a phone; the flow above is the same at any width.
  await expectFitsPhone(page, '/compensation', 'My Commissions');
  await expect(card.getByRole('listitem')).toHaveText(expected);
  await setOverride(request, partner.user.id, null);
});
