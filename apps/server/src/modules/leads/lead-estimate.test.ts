// Issue 12 §2: a savings estimate sent with the landing page's lead is stored with it (computed
// again by the server with the program terms in force), shown to the admin, and sent to the CRM in
// the lead's note, while the CRM lead's payload and Description stay exactly as the spec says.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { composeLeadPayload, savingsEstimateMessages, settingKeys } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { leads, settings } from '../../db/schema';
import { createOutboxProcessor } from '../../lib/outbox';
import { createTestContext, zohoTestEnv, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createPartner, loginAs } from '../../../test/factories';
import { createZohoConnector } from './crm/zoho-connector';
import { crmHandlers } from './crm-push';
import { FAKE_ZOHO_CREDENTIALS, startFakeZoho, type FakeZoho } from './testing/fake-zoho';

let ctx: TestContext;
let zoho: FakeZoho;
let partner: Awaited<ReturnType<typeof createPartner>>;
let adminToken: string;

beforeAll(async () => {
  [ctx, zoho] = await Promise.all([createTestContext(zohoTestEnv), startFakeZoho()]);
  partner = await createPartner(ctx.db, { fullName: 'Pat Partner', email: 'pat@partners.example' });
  const admin = await createAdmin(ctx.db);
  adminToken = await loginAs(ctx.app, admin);
});
afterAll(async () => {
  await zoho.close();
  await ctx.close();
});
afterEach(async () => {
  zoho.reset();
  await ctx.db.delete(leads);
  await ctx.db.delete(settings);
});

const submit = (payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/leads/referral/by-uuid',
    payload,
    headers: { 'x-forwarded-for': '203.0.113.9' },
  });

function leadPayload(extra: Record<string, unknown> = {}) {
  const form = buildReferralForm({ description: 'Two terminals, open late.' });
  return { form, payload: { ...composeLeadPayload(form, partner.uuid), ...extra } };
}

const pushToZoho = () =>
  createOutboxProcessor(ctx.db, {
    handlers: crmHandlers(
      createZohoConnector({ ...FAKE_ZOHO_CREDENTIALS, accountsUrl: zoho.url, apiUrl: zoho.url, timeoutMs: 3_000 }),
    ),
    log: ctx.app.log,
  }).processDue();

describe('a lead sent after a savings estimate', () => {
  it('stores what the merchant typed and the result computed with the program terms in force', async () => {
    await ctx.db.insert(settings).values({ key: settingKeys.dualPricingMonthlyFee, value: '99' });
    const { payload } = leadPayload({
      estimate: { monthlySales: 30_000, basis: 'unknown', averageTicket: 40, monthlyFees: 123 },
    });
    const res = await submit(payload);
    expect(res.statusCode, res.body).toBe(201);

    const [lead] = await ctx.db.select().from(leads);
    expect(lead!.estimate).toMatchObject({
      input: { monthlySales: 30_000, basis: 'unknown', averageTicket: 40 },
      terms: { customerFeePct: 3.99, monthlyProgramFee: 99, remainingRatePct: 0 },
      result: {
        usedTypicalRange: true,
        currentMonthly: { low: 750, high: 1_050 },
        dualPricingMonthly: 99,
        savingMonthly: { low: 651, high: 951 },
        savingYearly: { low: 7_812, high: 11_412 },
        cardCustomerExtra: { ticket: 40, extra: 1.6 },
      },
    });
    // Only the figures of the chosen basis are kept.
    expect(lead!.estimate!.input).not.toHaveProperty('monthlyFees');
  });

  it('shows the estimate to the admin in the lead sheet', async () => {
    const { payload } = leadPayload({ estimate: { monthlySales: 40_000, basis: 'fees', monthlyFees: 1_100 } });
    const created = await submit(payload);
    const id: string = created.json().leadData.data[0].details.id;
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/leads/${id}`, headers: bearer(adminToken) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.estimate).toEqual({
      input: { monthlySales: 40_000, basis: 'fees', monthlyFees: 1_100 },
      lines: [
        'Savings estimate: monthly card sales $40,000; current fees $1,100 / month.',
        'Now: $1,100 / month, $13,200 / year (effective rate 2.75%).',
        'Dual pricing (3.99% card adjustment): $0 / month, $0 / year.',
        'Saving: $1,100 / month, $13,200 / year.',
      ],
    });
  });

  it('sends the estimate in the CRM note; the CRM lead and its Description are the spec’s, unchanged', async () => {
    const { form, payload } = leadPayload({ estimate: { monthlySales: 20_000, basis: 'rate', effectiveRatePct: 3.1 } });
    expect((await submit(payload)).statusCode).toBe(201);
    await pushToZoho();

    const [remote] = zoho.leads;
    expect(remote!.record).toMatchObject({ Email: form.email, Description: payload.Description });
    expect(JSON.stringify(remote!.record)).not.toContain('Savings estimate');
    const insert = zoho.requests.find((r) => r.route === 'insert')!.body as { data: Record<string, unknown>[] };
    expect(insert.data[0]!.Description).toBe(payload.Description);
    expect(Object.keys(insert.data[0]!).filter((key) => /estimate/i.test(key))).toEqual([]);
    expect(remote!.notes).toHaveLength(1);
    const note = remote!.notes[0]!.Note_Content;
    expect(note).toContain('Savings estimate: monthly card sales $20,000; effective rate 3.1%.');
    expect(note).toContain('Now: $620 / month, $7,440 / year (effective rate 3.1%).');
    expect(note).toContain('Saving: $620 / month, $7,440 / year.');
  });

  it('sends a note without estimate lines when the merchant made none', async () => {
    const { payload } = leadPayload();
    expect((await submit(payload)).statusCode).toBe(201);
    const [lead] = await ctx.db.select().from(leads);
    expect(lead!.estimate).toBeNull();
    await pushToZoho();
    expect(zoho.leads[0]!.notes[0]!.Note_Content).not.toContain('Savings estimate');
  });

  it('refuses an estimate that breaks its rules with a 400 naming the field, and stores nothing', async () => {
    const { payload } = leadPayload({ estimate: { monthlySales: 5_000, basis: 'fees', monthlyFees: 6_000 } });
    const res = await submit(payload);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(savingsEstimateMessages.feesAboveSales);
    expect(await ctx.db.select().from(leads).where(eq(leads.email, payload.Email))).toHaveLength(0);
  });
});
