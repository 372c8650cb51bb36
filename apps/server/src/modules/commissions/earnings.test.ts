import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOf, type CommissionSummary, type EarningsTotals, type ProgramTerms, type ReferralEarnings } from '@portal/contract';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createLeadFor, createPartner, loginAs } from '../../../test/factories';
import { createOutboxProcessor } from '../../lib/outbox';

// The money a partner and an admin see at a glance: one referral from approval to payment.

let ctx: TestContext;
let adminToken: string;
let fay: Awaited<ReturnType<typeof createPartner>>;
let fayToken: string;
let gus: Awaited<ReturnType<typeof createPartner>>;
let gusToken: string;

const api = '/api/v1';
const month = monthOf(new Date());
const today = new Date().toISOString().slice(0, 10);
const get = (url: string, token = adminToken) => ctx.app.inject({ method: 'GET', url: `${api}${url}`, headers: bearer(token) });
const post = (url: string, payload: object, token = adminToken) =>
  ctx.app.inject({ method: 'POST', url: `${api}${url}`, payload, headers: bearer(token) });
const summary = async (token: string): Promise<CommissionSummary> => (await get('/commissions/summary', token)).json().data;
const adminEarnings = async (): Promise<EarningsTotals> => (await get('/admin/commissions/earnings')).json().data;

/** A residual report for the current month through the import API (one merchant). */
async function importReport(mid: string, volume: string, net: string) {
  const boundary = '----earnings-test';
  const csv = ['Merchant ID,DBA Name,$ Sales,Net Revenue', `${mid},Oak Street Pizza,${volume},${net}`].join('\n');
  const fields = {
    month,
    processor: 'Acme Processing',
    dry_run: 'false',
    mapping: JSON.stringify({ mid: 'Merchant ID', business: 'DBA Name', volume: '$ Sales', net_revenue: 'Net Revenue' }),
  };
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${api}/admin/commissions/imports`,
    payload: parts.join(''),
    headers: { ...bearer(adminToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createAdmin(ctx.db);
  fay = await createPartner(ctx.db, { fullName: 'Fay Finder', email: 'fay@partners.example' });
  gus = await createPartner(ctx.db, { fullName: 'Gus Getter' });
  adminToken = await loginAs(ctx.app, admin);
  fayToken = await loginAs(ctx.app, fay);
  gusToken = await loginAs(ctx.app, gus);
  const plan = {
    bonus_cents: 20_000,
    bonus_min_volume_cents: 500_000,
    clawback_days: 30,
    residual_share_bps: 2_000,
    min_payout_cents: 2_500,
  };
  expect(
    (await ctx.app.inject({ method: 'PUT', url: `${api}/admin/commission-plan`, payload: plan, headers: bearer(adminToken) }))
      .statusCode,
  ).toBe(200);
});
afterAll(() => ctx.close());

describe('earnings from approval to payment', () => {
  it('shows the pending bonus, then what was earned, owed and paid, the same on both sides', async () => {
    const lead = await createLeadFor(ctx.db, fay, { status: 'application', company: 'Oak Street Pizza' });
    const before = await get(`/commissions/referrals/${lead.publicId}/earnings`, fayToken);
    expect(before.json().data).toEqual({ currency: 'USD', merchant: null });

    const moved = await post(`/admin/leads/${lead.publicId}/status`, {
      status: 'approved',
      expected_status: 'application',
      mid: 'EARN-0001',
    });
    expect(moved.statusCode, moved.body).toBe(200);

    // The approval mail says what the referral will earn.
    await createOutboxProcessor(ctx.db, { handlers: ctx.app.outbox.handlers, log: ctx.app.log }).processDue();
    const mail = ctx.mailer.sent.find((m) => m.to === fay.email && m.subject.includes('Approved'));
    expect(mail?.text).toContain('$200.00 bonus pending. Earned once the merchant has processed $5,000.00.');
    expect(mail?.text).toContain("Plus 20% of the merchant's monthly net revenue while it processes.");
    expect(mail?.html).toContain('$200.00 bonus pending');

    let fayView = await summary(fayToken);
    expect(fayView.earnings).toMatchObject({
      month,
      this_month_cents: 0,
      pending_bonus_cents: 20_000,
      pending_bonus_count: 1,
      approved_unpaid_cents: 0,
      paid_this_year_cents: 0,
    });
    expect(fayView.next_statement).toEqual({ month, published_in: expect.stringMatching(/^\d{4}-\d{2}$/) });
    const pending: ReferralEarnings = (await get(`/commissions/referrals/${lead.publicId}/earnings`, fayToken)).json().data;
    expect(pending.merchant).toMatchObject({
      approved_on: today,
      bonus: { amount_cents: 20_000, status: 'pending' },
      volume_cents: 0,
      bonus_min_volume_cents: 500_000,
      residual_share_bps: 2_000,
      earned_cents: 0,
    });

    // $6,000.00 processed this month earns the bonus and a $200.00 residual (20 % of $1,000.00).
    await importReport('EARN-0001', '6000.00', '1000.00');
    fayView = await summary(fayToken);
    expect(fayView.earnings).toMatchObject({
      this_month_cents: 40_000,
      pending_bonus_cents: 0,
      pending_bonus_count: 0,
      approved_unpaid_cents: 40_000,
      published_unpaid_cents: 0,
    });
    expect(fayView.approved_unpaid_cents).toBe(40_000);
    expect(await adminEarnings()).toMatchObject({
      approved_unpaid_cents: 40_000,
      published_unpaid_cents: 0,
      paid_this_month_cents: 0,
    });

    const statement = (await get(`/admin/statements?month=${month}&partner_id=${fay.id}`)).json().data.items[0];
    expect((await post('/admin/statements/publish', { statement_ids: [statement.id] })).statusCode).toBe(200);
    expect(await adminEarnings()).toMatchObject({ approved_unpaid_cents: 40_000, published_unpaid_cents: 40_000 });

    const paid = await post('/admin/statements/paid', {
      statement_ids: [statement.id],
      paid_on: today,
      method: 'ach',
      reference: 'ACH-1',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const afterPaid = await adminEarnings();
    expect(afterPaid).toMatchObject({ approved_unpaid_cents: 0, paid_this_month_cents: 40_000, paid_this_year_cents: 40_000 });
    fayView = await summary(fayToken);
    // The partner's figures are the admin's, restricted to the partner: the same query.
    expect(fayView.earnings).toEqual(afterPaid);
    expect(fayView.paid_this_year_cents).toBe(40_000);

    const done: ReferralEarnings = (await get(`/commissions/referrals/${lead.publicId}/earnings`, fayToken)).json().data;
    expect(done.merchant).toMatchObject({
      volume_cents: 600_000,
      bonus: { amount_cents: 20_000, status: 'paid' },
      residual_cents: 20_000,
      residual_months: 1,
      earned_cents: 40_000,
      paid_cents: 40_000,
    });
  });

  it("answers 404 for another partner's referral or a malformed id, and 403 to an admin", async () => {
    const lead = await createLeadFor(ctx.db, fay, { status: 'new' });
    expect((await get(`/commissions/referrals/${lead.publicId}/earnings`, gusToken)).statusCode).toBe(404);
    const bad = await get('/commissions/referrals/not-a-uuid/earnings', fayToken);
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ status: 'error', message: 'Referral not found' });
    expect((await get(`/commissions/referrals/${lead.publicId}/earnings`)).statusCode).toBe(403);
    expect((await get('/admin/commissions/earnings', fayToken)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `${api}/admin/commissions/earnings` })).statusCode).toBe(401);
  });
});

describe('terms', () => {
  const put = (url: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `${api}${url}`, payload, headers: bearer(adminToken) });
  const terms = async (token: string): Promise<ProgramTerms> => (await get('/commissions/terms', token)).json().data;

  it("are written from the partner's plan, change with it at once, and end with the admin's addition", async () => {
    const program = {
      bonus_cents: 30_000,
      bonus_min_volume_cents: 0,
      clawback_days: 0,
      residual_share_bps: 1_250,
      min_payout_cents: 0,
    };
    expect((await put('/admin/commission-plan', program)).statusCode).toBe(200);
    expect(await terms(gusToken)).toEqual({
      currency: 'USD',
      plan: expect.objectContaining(program),
      is_override: false,
      line: '$300.00 per approved merchant + 12.5% of its monthly net revenue while it processes',
      terms: [
        '$300.00 bonus for each approved merchant.',
        "12.5% of each merchant's monthly net revenue, for as long as it processes.",
        'Paid monthly.',
      ],
      addition: null,
    });

    const override = {
      bonus_cents: 0,
      bonus_min_volume_cents: 0,
      clawback_days: 30,
      residual_share_bps: 2_500,
      min_payout_cents: 5_000,
    };
    expect((await put(`/admin/users/${gus.id}/commission-plan`, { override })).statusCode).toBe(200);
    const added = await post('/admin/settings', { key: 'Program Terms', value: 'Payments go out by ACH.' });
    expect(added.statusCode, added.body).toBe(201);
    expect(await terms(gusToken)).toMatchObject({
      is_override: true,
      line: '25% of its monthly net revenue while it processes',
      terms: [
        "25% of each merchant's monthly net revenue, for as long as it processes.",
        'Paid monthly once your balance reaches $50.00; a smaller balance rolls into the next month.',
      ],
      addition: 'Payments go out by ACH.',
    });
    // Fay still reads the program plan.
    expect((await terms(fayToken)).line).toBe(
      '$300.00 per approved merchant + 12.5% of its monthly net revenue while it processes',
    );
    expect((await get('/commissions/terms')).statusCode).toBe(403);
  });
});
