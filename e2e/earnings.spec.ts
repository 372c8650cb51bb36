import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { defaultCommissionPlan, formatCents, leadStatusLabels, monthLabel, monthOf, type EarningsTotals } from '@portal/contract';
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

// Issue 23 §1: the money a partner and an admin look for, on the screens they open first.

const bonus = formatCents(defaultCommissionPlan.bonus_cents);

async function adminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await loginApi(request, ADMIN.email, ADMIN.password)}` };
}

test('an approved referral shows its pending bonus on the dashboard, on the referral and in the mail; the admin home shows what is owed and paid', async ({
  page,
  request,
  mail,
}) => {
  const saved = await request.put('/api/v1/admin/commission-plan', {
    headers: await adminHeaders(request),
    data: defaultCommissionPlan,
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const partner = await registerPartner(request, { fullName: 'Erin Earner' });
  const leadId = await submitReferral(request, partner, 'Oak Street Pizza');
  await approveLead(request, leadId, `E23-${randomBytes(5).toString('hex')}`);

  // The approval mail says what the referral will earn.
  const approvalMail = () =>
    mail.messages.find(
      (m) =>
        m.subject === `Oak Street Pizza: ${leadStatusLabels.approved}` &&
        [m.to].flat().some((a) => a?.text.includes(partner.email)),
    );
  await expect.poll(() => approvalMail()?.text ?? '', { timeout: 15_000 }).toContain(`${bonus} bonus pending`);

  await signIn(page, partner, '/dashboard');
  const earnings = page.getByRole('region', { name: 'Your earnings' });
  await expect(earnings).toBeVisible();
  await expect(earnings.getByTestId('earnings-pending')).toHaveText(bonus);
  await expect(earnings.getByText('1 approved referral waiting for volume')).toBeVisible();
  await expect(earnings.getByTestId('earnings-this-month')).toHaveText(formatCents(0));
  await expect(earnings.getByTestId('earnings-approved')).toHaveText(formatCents(0));
  const month = monthOf(new Date());
  await expect(earnings.getByText(`Your ${monthLabel(month)} statement`)).toBeVisible();

  await page.goto(`/referrals/${leadId}`);
  await expect(pageHeading(page, 'Oak Street Pizza')).toBeVisible();
  const card = page.getByRole('region', { name: 'What this referral earns you' });
  await expect(card.getByTestId('referral-earnings-bonus')).toContainText(`${bonus} bonus pending`);
  await expect(card.getByTestId('referral-earnings-bonus')).toContainText(
    `$0.00 of ${formatCents(defaultCommissionPlan.bonus_min_volume_cents)} processed`,
  );
  await expect(card.getByTestId('referral-earnings-earned')).toHaveText(formatCents(0));

  // The admin home: the same figures, summed over every partner of this server.
  const totals: EarningsTotals = (
    await (await request.get('/api/v1/admin/commissions/earnings', { headers: await adminHeaders(request) })).json()
  ).data;
  expect(totals.pending_bonus_cents).toBeGreaterThanOrEqual(defaultCommissionPlan.bonus_cents);
  const adminPage = await page.context().browser()!.newPage();
  await signIn(adminPage, ADMIN, '/admin');
  const money = adminPage.getByRole('region', { name: 'Commissions' });
  await expect(money.getByTestId('money-owed')).toHaveText(formatCents(totals.approved_unpaid_cents));
  await expect(money.getByTestId('money-pending')).toHaveText(formatCents(totals.pending_bonus_cents));
  await expect(money.getByText(`Paid in ${monthLabel(month)}`)).toBeVisible();
  await expect(money.getByTestId('money-paid-year')).toHaveText(formatCents(totals.paid_this_year_cents));
  await adminPage.close();

  // Both partner screens fit a phone; the figures are the same at any width.
  await expectFitsPhone(page, '/dashboard', 'Dashboard');
  await expect(earnings.getByTestId('earnings-pending')).toHaveText(bonus);
  await expectFitsPhone(page, `/referrals/${leadId}`, 'Oak Street Pizza');
  await expect(card.getByTestId('referral-earnings-bonus')).toContainText(`${bonus} bonus pending`);
});
