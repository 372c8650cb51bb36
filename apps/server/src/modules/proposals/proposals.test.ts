import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, proposalMessages, savingsEstimateMessages, settingKeys } from '@portal/contract';
import { referralVisits, settings } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createLead, createPartner, loginAs } from '../../../test/factories';
import { pdfFonts, pdfText, proposalContent } from '../../../test/pdf';
import { renderProposalPdf } from './proposal-pdf';

let ctx: TestContext;
let partner: Awaited<ReturnType<typeof createPartner>>;
let partnerToken: string;
let otherToken: string;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  partner = await createPartner(ctx.db, { fullName: 'Pat Partner' });
  const other = await createPartner(ctx.db, { fullName: 'Olive Other' });
  const admin = await createAdmin(ctx.db);
  [partnerToken, otherToken, adminToken] = await Promise.all([
    loginAs(ctx.app, partner),
    loginAs(ctx.app, other),
    loginAs(ctx.app, admin),
  ]);
  await ctx.db.insert(settings).values([
    { key: settingKeys.companyName, value: 'Acme Payments' },
    { key: settingKeys.supportPhone, value: '+1 (800) 555-0100' },
  ]);
});
afterAll(() => ctx.close());

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

const propose = (payload: Record<string, unknown>, token = partnerToken) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/proposals', headers: bearer(token), payload });

const visit = { merchant_name: 'Corner Bakery', monthly_sales: 30000, basis: 'fees', monthly_fees: 900, average_ticket: 40 };

describe('POST /proposals', () => {
  it("answers a one-page PDF with the brand, the partner, the merchant's figures, the customers' view, the compliance note and the link", async () => {
    const res = await propose(visit);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="proposal-corner-bakery-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    for (const expected of [
      'Acme Payments',
      'Keep more of every sale, Corner Bakery',
      'Prepared by Pat Partner, Acme Payments partner',
      // $30,000 sales, $900 fees (3%), nothing left to pay under the default terms (3.99 %, $0, 0 %).
      '$900',
      '$10,800 per year',
      'Effective rate 3%',
      '$0 per year',
      "100% of today's fees",
      'On your average ticket of $40, a card customer pays $1.60 more ($41.60 in all).',
      'Customers paying by card pay a 3.99% non-cash adjustment',
      'some states (such as CT, ME, MA, OK and PR)',
      'Questions? Call +1 (800) 555-0100.',
      `http://portal.test/referral/${partner.uuid}?src=proposal`,
    ]) {
      expect(text).toContain(expected);
    }
    const today = new Date();
    const validUntil = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 30));
    expect(text).toContain(
      // The portal's one date format, as the web shows it ("Dec 22, 2026").
      `Valid until ${formatDate(validUntil, 'UTC')}`,
    );
  });

  it('prints names in any script as typed, in embedded font subsets, and transliterates the file name', async () => {
    const named = await createPartner(ctx.db, { fullName: 'Nguyễn Thị Minh Khai' });
    const token = await loginAs(ctx.app, named);
    const res = await propose({ ...visit, merchant_name: 'Panadería Núñez 東京' }, token);
    expect(res.statusCode, res.body).toBe(200);
    // "Núñez" was "nu-n-ez" when the name was only stripped of what is not ASCII.
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="proposal-panaderia-nunez-dong-jing-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Keep more of every sale, Panadería Núñez 東京');
    expect(text).toContain('Prepared by Nguyễn Thị Minh Khai, Acme Payments partner');
    expect(text).toContain('Your contact: Nguyễn Thị Minh Khai.');
    const fonts = pdfFonts(res.rawPayload);
    expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'NotoSans-Bold',
      'NotoSans-Regular',
      'NotoSansSC-Bold',
    ]);
    for (const font of fonts) expect(font).toMatchObject({ type: 'CID TrueType', embedded: true, subset: true, unicode: true });
    expect(pageCount(res.rawPayload)).toBe(1);
  });

  it('gives the same bytes for the same inputs, and other bytes for other inputs', async () => {
    const [a, b, c] = await Promise.all([propose(visit), propose(visit), propose({ ...visit, monthly_fees: 950 })]);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    expect(a.rawPayload.equals(c.rawPayload)).toBe(false);
  });

  it("uses the admin's dual pricing terms and says when the typical range stood in for unknown fees", async () => {
    await ctx.db.insert(settings).values([
      { key: settingKeys.dualPricingFee, value: '3.5' },
      { key: settingKeys.dualPricingMonthlyFee, value: '25' },
    ]);
    try {
      const res = await propose({ merchant_name: 'Taqueria Sol', monthly_sales: 20000, basis: 'unknown' });
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload);
      // Typical 2.5–3.5 % of $20,000 = $500–$700 now; $25 under the program; saving $475–$675.
      expect(text).toContain('$500–$700');
      expect(text).toContain('$475–$675');
      expect(text).toContain('a 3.5% non-cash adjustment');
      expect(text).toContain('because current fees were not known');
      expect(text).not.toContain('average ticket');
    } finally {
      await ctx.db.delete(settings).where(eq(settings.key, settingKeys.dualPricingFee));
      await ctx.db.delete(settings).where(eq(settings.key, settingKeys.dualPricingMonthlyFee));
    }
  });

  it("is made from one of the partner's referrals, named after its company; another partner's referral is not found", async () => {
    const lead = await createLead(ctx.db, { partnerId: partner.id, company: 'Harbor Books & Coffee' });
    const res = await propose({ lead_id: lead.publicId, monthly_sales: 12000, basis: 'rate', effective_rate_pct: 2.9 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('proposal-harbor-books-coffee-');
    expect(pdfText(res.rawPayload)).toContain('Keep more of every sale, Harbor Books & Coffee');

    const foreign = await propose({ lead_id: lead.publicId, monthly_sales: 12000, basis: 'unknown' }, otherToken);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(proposalMessages.leadNotFound);
  });

  it('refuses bad figures with field messages, anonymous callers and admins', async () => {
    const bad = await propose({ monthly_sales: 1000, basis: 'fees', monthly_fees: 1200 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      monthly_fees: savingsEstimateMessages.feesAboveSales,
      merchant_name: proposalMessages.merchantNameRequired,
    });
    const missing = await propose({ merchant_name: 'X', basis: 'rate' });
    expect(missing.json().errors).toEqual({
      monthly_sales: savingsEstimateMessages.salesRequired,
      effective_rate_pct: savingsEstimateMessages.rateRequired,
    });
    const text = await propose({ merchant_name: 'X', monthly_sales: '30000', basis: 'nope' });
    expect(text.statusCode).toBe(400);
    expect(text.json().errors).toMatchObject({
      monthly_sales: savingsEstimateMessages.salesRequired,
      basis: savingsEstimateMessages.basisRequired,
    });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/proposals', payload: visit })).statusCode).toBe(401);
    expect((await propose(visit, adminToken)).statusCode).toBe(403);
  });

  it("counts a scan of the proposal's QR code as a visit from the source 'proposal'", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/leads/referral/${partner.uuid}/visit`,
      payload: { src: 'proposal' },
    });
    expect(res.statusCode).toBe(204);
    const rows = await ctx.db.select().from(referralVisits).where(eq(referralVisits.partnerId, partner.id));
    expect(rows.map((r) => r.source)).toEqual(['proposal']);
  });
});

describe('renderProposalPdf', () => {
  it('fixes the creation date and document id to the issue day', async () => {
    const content = proposalContent();
    const first = await renderProposalPdf(content);
    await new Promise((r) => setTimeout(r, 5));
    const second = await renderProposalPdf(content);
    expect(first.equals(second)).toBe(true);
    expect(first.toString('latin1')).toContain('(D:20261122000000Z)');
  });
});
