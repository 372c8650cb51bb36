import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  commissionMessages as m,
  commissionPlanSchema,
  formatDate,
  shareOfCents,
  type ImportResult,
  type StatementDetail,
} from '@portal/contract';
import { commissionLines, merchantAccounts, outbox } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createLeadFor, createPartner, loginAs } from '../../../test/factories';
import { pdfText } from '../../../test/pdf';
import { parseReport } from './report-parser';

let ctx: TestContext;
let adminToken: string;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let alice: Awaited<ReturnType<typeof createPartner>>;
let bob: Awaited<ReturnType<typeof createPartner>>;
let aliceToken: string;
let bobToken: string;

const api = '/api/v1';
const plan = {
  bonus_cents: 20_000,
  bonus_min_volume_cents: 500_000,
  clawback_days: 30,
  residual_share_bps: 2_000,
  min_payout_cents: 2_500,
};
const mapping = {
  mid: 'Merchant ID',
  business: 'DBA Name',
  transactions: '# Sales',
  volume: '$ Sales',
  income: '$ Income',
  costs: '$ Expenses',
  net_revenue: 'Net Revenue',
};
const header = 'Merchant ID,DBA Name,# Sales,$ Sales,$ Income,$ Expenses,Net Revenue';

/** The multipart body a browser's FormData sends: text fields, then the file. */
function multipart(fields: Record<string, string>, file?: { bytes: Buffer; name: string }) {
  const boundary = '----comm-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
    );
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(opts: {
  month: string;
  csv: string | Buffer;
  processor?: string;
  dryRun?: boolean;
  mapping?: object | null;
  name?: string;
}) {
  const fields: Record<string, string> = {
    month: opts.month,
    processor: opts.processor ?? 'Acme Processing',
    dry_run: String(opts.dryRun ?? true),
  };
  if (opts.mapping !== null) fields.mapping = JSON.stringify(opts.mapping ?? mapping);
  const body = multipart(fields, {
    bytes: Buffer.isBuffer(opts.csv) ? opts.csv : Buffer.from(opts.csv),
    name: opts.name ?? 'residuals.csv',
  });
  return ctx.app.inject({
    method: 'POST',
    url: `${api}/admin/commissions/imports`,
    payload: body.payload,
    headers: { ...bearer(adminToken), ...body.headers },
  });
}

async function importMonth(month: string, rows: string[], processor?: string): Promise<ImportResult> {
  const res = await upload({ month, csv: [header, ...rows].join('\n'), dryRun: false, processor });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const get = (url: string, token = adminToken) => ctx.app.inject({ method: 'GET', url: `${api}${url}`, headers: bearer(token) });
const post = (url: string, payload: object, token = adminToken) =>
  ctx.app.inject({ method: 'POST', url: `${api}${url}`, payload, headers: bearer(token) });

/** A referral of the partner moved to Approved merchant through the pipeline API. */
async function approveReferral(partner: { id: number; uuid: string }, mid: string, company: string) {
  const lead = await createLeadFor(ctx.db, partner, { status: 'application', company });
  const res = await post(`/admin/leads/${lead.publicId}/status`, { status: 'approved', expected_status: 'application', mid });
  expect(res.statusCode, res.body).toBe(200);
  const [account] = await ctx.db.select().from(merchantAccounts).where(eq(merchantAccounts.mid, mid));
  return account!;
}

const linesOf = (merchantId: string) =>
  ctx.db.select().from(commissionLines).where(eq(commissionLines.merchantAccountId, merchantId));
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function statementOf(partnerId: number, month: string) {
  const res = await get(`/admin/statements?month=${month}&partner_id=${partnerId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items[0] as StatementDetail['statement'] | undefined;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.db);
  alice = await createPartner(ctx.db, { fullName: 'Alice Agent' });
  bob = await createPartner(ctx.db, { fullName: 'Bob Broker' });
  adminToken = await loginAs(ctx.app, admin);
  aliceToken = await loginAs(ctx.app, alice);
  bobToken = await loginAs(ctx.app, bob);
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `${api}/admin/commission-plan`,
    payload: plan,
    headers: bearer(adminToken),
  });
  expect(res.statusCode, res.body).toBe(200);
});

afterAll(async () => {
  await ctx.close();
});

describe('plan', () => {
  it('saves the program plan and a partner override, and refuses a bad one with field messages', async () => {
    // The override terms (issue 21) answer with their defaults.
    expect((await get('/admin/commission-plan')).json().data.plan).toEqual(commissionPlanSchema.parse(plan));
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: `${api}/admin/commission-plan`,
      payload: { ...plan, residual_share_bps: 10_001 },
      headers: bearer(adminToken),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.residual_share_bps).toBe(m.bpsInvalid);
    const carol = await createPartner(ctx.db);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${api}/admin/users/${carol.id}/commission-plan`,
      payload: { override: { ...plan, residual_share_bps: 5_000 } },
      headers: bearer(adminToken),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.effective.residual_share_bps).toBe(5_000);
    const cleared = await ctx.app.inject({
      method: 'PUT',
      url: `${api}/admin/users/${carol.id}/commission-plan`,
      payload: { override: null },
      headers: bearer(adminToken),
    });
    expect(cleared.json().data.effective).toEqual(commissionPlanSchema.parse(plan));
    expect((await get('/admin/commission-plan', aliceToken)).statusCode).toBe(403);
  });
});

describe('bonus', () => {
  it('an approved referral becomes a merchant account with a pending bonus', async () => {
    const account = await approveReferral(alice, 'MID-BONUS-0001', 'Corner Bakery');
    expect(account).toMatchObject({ partnerId: alice.id, business: 'Corner Bakery', status: 'active' });
    const lines = await linesOf(account.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'bonus', status: 'pending', amountCents: 20_000 });
  });

  it('is earned at exactly the minimum volume and not a cent before', async () => {
    const under = await approveReferral(alice, 'MID-UNDER-0001', 'Under Shop');
    const exact = await approveReferral(alice, 'MID-EXACT-0001', 'Exact Shop');
    await importMonth('2026-08', [
      'MID-UNDER-0001,Under Shop,10,"4,999.99",100.00,40.00,60.00',
      'MID-EXACT-0001,Exact Shop,10,"5,000.00",100.00,40.00,60.00',
    ]);
    expect((await linesOf(under.id)).find((l) => l.kind === 'bonus')!.status).toBe('pending');
    expect((await linesOf(exact.id)).find((l) => l.kind === 'bonus')!.status).toBe('approved');
    // One more cent in the next month's report reaches the minimum.
    await importMonth('2026-09', ['MID-UNDER-0001,Under Shop,1,0.01,0,0,0']);
    expect((await linesOf(under.id)).find((l) => l.kind === 'bonus')!.status).toBe('approved');
  });

  it('is clawed back when the account closes on the last day of the window, not the day after', async () => {
    const lastDay = await approveReferral(alice, 'MID-CLAW-0001', 'Last Day Cafe');
    const dayAfter = await approveReferral(alice, 'MID-CLAW-0002', 'Day After Deli');
    await importMonth('2026-07', ['MID-CLAW-0001,Last Day Cafe,5,6000,50,10,40', 'MID-CLAW-0002,Day After Deli,5,6000,50,10,40']);
    const close = (id: string, day: string) => post(`/admin/merchant-accounts/${id}/close`, { closed_on: day });
    const first = await close(lastDay.id, addDays(lastDay.approvedOn, 30));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'closed' });
    const second = await close(dayAfter.id, addDays(dayAfter.approvedOn, 31));
    expect(second.statusCode, second.body).toBe(200);
    const clawback = (await linesOf(lastDay.id)).filter((l) => l.kind === 'clawback');
    expect(clawback).toHaveLength(1);
    expect(clawback[0]).toMatchObject({ amountCents: -20_000, status: 'approved' });
    expect((await linesOf(dayAfter.id)).filter((l) => l.kind === 'clawback')).toHaveLength(0);
    expect((await close(lastDay.id, addDays(lastDay.approvedOn, 3))).statusCode).toBe(409);
  });

  it('voids a bonus that was never earned when the account closes inside the window', async () => {
    const account = await approveReferral(alice, 'MID-VOID-0001', 'Never Processed');
    const res = await post(`/admin/merchant-accounts/${account.id}/close`, { closed_on: account.approvedOn });
    expect(res.statusCode, res.body).toBe(200);
    const [bonus] = await linesOf(account.id);
    expect(bonus).toMatchObject({ kind: 'bonus', status: 'void' });
    expect(bonus!.reason).toMatch(/closed within 30 days/);
  });
});

describe('import', () => {
  const october = [
    'MID-OCT-0001,Oak Street Pizza,120,"12,500.00",410.25,175.69,234.56',
    'MID-OCT-0002,Maple Hardware,80,8000.00,300.00,100.00,1234.56',
    'UNKNOWN-7777,Stranger Things Shop,3,150.00,5.00,1.00,4.00',
    'UNKNOWN-8888,Ignore Me LLC,3,150.00,5.00,1.00,4.00',
  ];

  beforeAll(async () => {
    await approveReferral(alice, 'MID-OCT-0001', 'Oak Street Pizza');
    await approveReferral(bob, 'MID-OCT-0002', 'Maple Hardware');
  });

  it('a dry run lists matched rows with their residual, unknown and duplicate MIDs, and writes no line', async () => {
    const res = await upload({ month: '2026-10', csv: [header, ...october, october[0]].join('\r\n') });
    expect(res.statusCode, res.body).toBe(200);
    const data: ImportResult = res.json().data;
    expect(data.totals).toMatchObject({ rows: 5, matched: 3, unmatched: 2, duplicates: 1, errors: 0 });
    const maple = data.matched.find((r) => r.mid === 'MID-OCT-0002')!;
    // 1,234.56 x 20% = 246.912 -> 246.91
    expect(maple).toMatchObject({
      partner_id: bob.id,
      net_revenue_cents: 123_456,
      share_bps: 2_000,
      residual_cents: 24_691,
      volume_cents: 800_000,
      transactions: 80,
    });
    expect(data.unmatched.map((u) => u.mid)).toEqual(['UNKNOWN-7777', 'UNKNOWN-8888']);
    expect(data.duplicates).toEqual([{ mid: 'MID-OCT-0001', rows: [2, 6], message: m.duplicateMid('MID-OCT-0001', [2, 6]) }]);
    expect(data.blocked).toBe(m.importHasDuplicates);
    const [count] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(commissionLines)
      .where(eq(commissionLines.month, '2026-10'));
    expect(count!.n).toBe(0);
    const commit = await post(`/admin/commissions/imports/${data.import_id}/commit`, {});
    expect(commit.statusCode).toBe(422);
    expect(commit.json().message).toBe(m.importHasDuplicates);
  });

  it('reads a semicolon or tab report in the same columns as a comma report, commas staying inside cells', async () => {
    const rows = [
      ['MID-OCT-0001', 'Oak Street Pizza, Downtown', '120', '12,500.00', '410.25', '175.69', '234.56'],
      ['MID-OCT-0002', 'Maple Hardware', '80', '8000.00', '300.00', '100.00', '1,234.56'],
    ];
    const comma = parseReport(
      Buffer.from([header, ...rows.map((r) => r.map((c) => (c.includes(',') ? `"${c}"` : c)).join(','))].join('\n')),
      mapping,
    );
    expect(comma.rows[0]).toMatchObject({ business: 'Oak Street Pizza, Downtown', volumeCents: 1_250_000 });
    for (const delimiter of [';', '\t']) {
      const text = [header.replaceAll(',', delimiter), ...rows.map((r) => r.join(delimiter))].join('\r\n');
      expect(parseReport(Buffer.from(text), mapping), JSON.stringify(delimiter)).toEqual(comma);
      const res = await upload({ month: '2026-10', csv: text });
      expect(res.statusCode, res.body).toBe(200);
      const data: ImportResult = res.json().data;
      expect(data.totals).toMatchObject({ rows: 2, matched: 2, errors: 0 });
      expect(data.matched.find((r) => r.mid === 'MID-OCT-0002')).toMatchObject({
        net_revenue_cents: 123_456,
        volume_cents: 800_000,
      });
    }
  });

  it('commits in one go, reuses the saved mapping, and drafts a statement per partner', async () => {
    const dry = await upload({ month: '2026-10', csv: [header, ...october].join('\n'), mapping: null });
    expect(dry.statusCode, dry.body).toBe(200);
    const commit = await post(`/admin/commissions/imports/${dry.json().data.import_id}/commit`, {});
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json().data).toMatchObject({ status: 'committed', lines_written: 2 });
    expect(commit.json().message).toBe(m.importCommitted(2));
    const bobs = await statementOf(bob.id, '2026-10');
    expect(bobs).toMatchObject({ status: 'draft', residual_cents: 24_691, merchants: 1, volume_cents: 800_000 });
    // Alice's pizza: 234.56 x 20% = 46.912 -> 46.91; 12,500 volume earns its 200.00 bonus too.
    const alices = await statementOf(alice.id, '2026-10');
    expect(alices).toMatchObject({ residual_cents: 4_691 });
  });

  it('lists unmatched MIDs; assigning one makes the merchant and its residual, ignoring one hides it', async () => {
    const list = await get('/admin/commissions/unmatched?month=2026-10');
    expect(list.json().data.items.map((i: { mid: string }) => i.mid)).toEqual(['UNKNOWN-7777', 'UNKNOWN-8888']);
    const assign = await post('/admin/commissions/unmatched/assign', { mid: 'UNKNOWN-7777', partner_id: bob.id });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json().data).toMatchObject({
      mid: 'UNKNOWN-7777',
      business: 'Stranger Things Shop',
      partner_id: bob.id,
      approved_on: '2026-10-01',
    });
    const residual = (await linesOf(assign.json().data.id)).find((l) => l.kind === 'residual');
    expect(residual).toMatchObject({ month: '2026-10', netRevenueCents: 400, amountCents: 80 });
    expect((await post('/admin/commissions/unmatched/ignore', { mid: 'UNKNOWN-8888' })).statusCode).toBe(200);
    expect((await get('/admin/commissions/unmatched?month=2026-10')).json().data.items).toEqual([]);
    expect((await post('/admin/commissions/unmatched/assign', { mid: 'UNKNOWN-7777', partner_id: bob.id })).statusCode).toBe(409);
    const bobs = await statementOf(bob.id, '2026-10');
    expect(bobs).toMatchObject({ residual_cents: 24_691 + 80, merchants: 2 });
  });

  it('re-importing the month replaces its lines while statements are drafts, and is refused once published', async () => {
    const changed = october.map((row) => row.replace('1234.56', '1000.00'));
    const again = await importMonth('2026-10', changed);
    expect(again.lines_written).toBe(3);
    const lines = await ctx.db
      .select()
      .from(commissionLines)
      .where(and(eq(commissionLines.month, '2026-10'), eq(commissionLines.kind, 'residual')));
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => l.importId === again.import_id)).toBe(true);
    const bobs = await statementOf(bob.id, '2026-10');
    expect(bobs!.residual_cents).toBe(20_000 + 80);

    const publish = await post('/admin/statements/publish', { statement_ids: [bobs!.id] });
    expect(publish.statusCode, publish.body).toBe(200);
    expect(publish.json().data.results).toEqual([{ id: bobs!.id, ok: true }]);
    const refused = await upload({ month: '2026-10', csv: [header, ...october].join('\n'), dryRun: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.importPublished('2026-10'));
    const dry = await upload({ month: '2026-10', csv: [header, ...october].join('\n') });
    expect(dry.json().data.blocked).toBe(m.importPublished('2026-10'));
  });
});

describe('bad files', () => {
  const errorOf = async (csv: string | Buffer, opts: { mapping?: object } = {}) => {
    const res = await upload({ month: '2026-11', csv, ...opts });
    expect(res.statusCode, res.body).toBe(422);
    return res.json();
  };

  it('names what is wrong: not a CSV, wrong encoding, missing mapped column', async () => {
    expect((await errorOf(Buffer.from('%PDF-1.7\n%\xe2\xe3\n1 0 obj', 'latin1'))).errors.file).toBe(m.notCsv);
    expect((await errorOf(Buffer.from(`${header}\nMID-1,Caf\xe9 Ol\xe9,1,10.00,1,1,1\n`, 'latin1'))).errors.file).toBe(
      m.wrongEncoding,
    );
    expect((await errorOf('just some words\nwithout any columns\n')).errors.file).toBe(m.notCsv);
    const missing = await errorOf('Merchant ID,DBA Name,$ Sales\nMID-1,Shop,10\n');
    expect(missing.errors['mapping.net_revenue']).toBe(m.missingColumn('Net revenue', 'Net Revenue'));
    expect(missing.errors['mapping.transactions']).toBe(m.missingColumn('Transactions', '# Sales'));
    expect(missing.message).toBe(missing.errors['mapping.transactions']);
  });

  it('lists a number that is not a number with its row and column, and refuses to commit it', async () => {
    const res = await upload({
      month: '2026-11',
      csv: `${header}\nMID-OCT-0001,Oak,1,100.00,1,1,1\nMID-OCT-0002,Maple,2,12O.00,1,1,abc\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data: ImportResult = res.json().data;
    expect(data.errors).toEqual([
      { row: 3, column: '$ Sales', message: m.notANumber(3, '$ Sales', '12O.00') },
      { row: 3, column: 'Net Revenue', message: m.notANumber(3, 'Net Revenue', 'abc') },
    ]);
    expect(data.blocked).toBe(m.importHasErrors);
    const commit = await post(`/admin/commissions/imports/${data.import_id}/commit`, {});
    expect(commit.statusCode).toBe(422);
  });

  it('asks for the fields it needs', async () => {
    const body = multipart({ month: '2026-13', processor: '' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${api}/admin/commissions/imports`,
      payload: body.payload,
      headers: { ...bearer(adminToken), ...body.headers },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      month: 'Use a month as YYYY-MM',
      processor: m.processorRequired,
      file: m.fileRequired,
    });
    const noMapping = await upload({
      month: '2026-11',
      csv: `${header}\nMID-1,Shop,1,1,1,1,1\n`,
      processor: 'Brand New Processor',
      mapping: null,
    });
    expect(noMapping.statusCode).toBe(422);
    expect(noMapping.json().errors.mapping).toBe(m.mappingRequired);
  });
});

describe('statements', () => {
  let dana: Awaited<ReturnType<typeof createPartner>>;
  let danaToken: string;

  beforeAll(async () => {
    dana = await createPartner(ctx.db, { fullName: 'Dana Dealer' });
    danaToken = await loginAs(ctx.app, dana);
  });

  it('a total below the minimum payout rolls into the next statement', async () => {
    const add = (month: string, amount: number) =>
      post('/admin/commissions/lines', {
        partner_id: dana.id,
        month,
        amount_cents: amount,
        description: `Referral fee ${month}`,
      });
    expect((await add('2026-10', 1_000)).statusCode).toBe(201);
    expect(await statementOf(dana.id, '2026-10')).toBeUndefined();
    const october = await get('/admin/statements?month=2026-10');
    expect(october.json().data.rolled_over).toContainEqual({
      partner_id: dana.id,
      partner_name: 'Dana Dealer',
      total_cents: 1_000,
      min_payout_cents: 2_500,
    });
    expect((await add('2026-11', 2_000)).statusCode).toBe(201);
    const november = await statementOf(dana.id, '2026-11');
    expect(november).toMatchObject({ total_cents: 3_000, adjustment_cents: 3_000 });
    const missing = await post('/admin/commissions/lines', { partner_id: dana.id, month: '2026-11', amount_cents: 5 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.description).toBe(m.descriptionRequired);
  });

  it('publishing mails the partner once; partners see only their own published statements', async () => {
    const november = (await statementOf(dana.id, '2026-11'))!;
    expect((await get(`/commissions/statements/${november.id}`, danaToken)).statusCode).toBe(404); // still a draft
    const publish = await post('/admin/statements/publish', { statement_ids: [november.id] });
    expect(publish.json().data.results[0].ok).toBe(true);
    const again = await post('/admin/statements/publish', { statement_ids: [november.id] });
    expect(again.json().data.results[0]).toEqual({ id: november.id, ok: false, message: m.notDraft });
    const entries = await ctx.db.select().from(outbox).where(eq(outbox.action, 'mail.statement_ready'));
    const mine = entries.filter((e) => e.subjectId === november.id);
    expect(mine).toHaveLength(1);
    await ctx.app.outbox.handlers['mail.statement_ready']!.handle(mine[0]!, { db: ctx.db, log: ctx.app.log, now: Date.now });
    const mail = ctx.mailer.sent.find((s) => s.to === dana.email)!;
    expect(mail.subject).toBe('Your statement for November 2026 is published');
    expect(mail.text).toContain('$30.00');
    expect(mail.html).toContain('$30.00');
    expect(mail.text).toContain(`http://portal.test/compensation/statements/${november.id}`);

    const own = await get(`/commissions/statements/${november.id}`, danaToken);
    expect(own.statusCode).toBe(200);
    const detail: StatementDetail = own.json().data;
    expect(detail.adjustments.map((a) => a.amount_cents)).toEqual([1_000, 2_000]);
    expect(detail.totals.total_cents).toBe(3_000);
    expect(detail.note).toBe('Residuals for November 2026 are paid in December 2026');
    expect((await get(`/commissions/statements/${november.id}`, aliceToken)).statusCode).toBe(404);
    expect((await get(`/commissions/statements/${november.id}.pdf`, bobToken)).statusCode).toBe(404);
    expect((await get(`/commissions/statements/${november.id}.csv`, bobToken)).statusCode).toBe(404);
    expect(
      (await get('/commissions/statements', aliceToken)).json().data.items.some((s: { id: string }) => s.id === november.id),
    ).toBe(false);
    expect((await get('/commissions/statements', danaToken)).json().data.items.map((s: { id: string }) => s.id)).toEqual([
      november.id,
    ]);
    expect((await get('/admin/statements', danaToken)).statusCode).toBe(403);
    expect((await get(`/commissions/statements/${november.id}`, adminToken)).statusCode).toBe(403);
  });

  it('downloads a statement as CSV and as a deterministic PDF', async () => {
    const november = (await statementOf(dana.id, '2026-11'))!;
    const csv = await get(`/commissions/statements/${november.id}.csv`, danaToken);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    // Dana has no payout details yet (issue 22): her approved lines are held, and say so.
    expect(csv.body).toContain('Adjustment,2026-10,,,,,,,Referral fee 2026-10,Held: Payout details not ready,10.00');
    expect(csv.body.trim().split('\r\n').at(-1)).toBe('Total,2026-11,,,0.00,,,,,Held: Payout details not ready,30.00');
    const first = await get(`/commissions/statements/${november.id}.pdf`, danaToken);
    const second = await get(`/admin/statements/${november.id}.pdf`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
  });

  it('a statement CSV keeps negative amounts as numbers, so a spreadsheet SUM of its lines is the total', async () => {
    const erin = await createPartner(ctx.db, { fullName: 'Erin Estate' });
    const add = (amount: number, description: string) =>
      post('/admin/commissions/lines', { partner_id: erin.id, month: '2026-09', amount_cents: amount, description });
    expect((await add(10_000, 'Referral fee')).statusCode).toBe(201);
    expect((await add(-3_000, '=HYPERLINK("http://evil.example","refund")')).statusCode).toBe(201);
    const september = (await statementOf(erin.id, '2026-09'))!;
    expect((await post('/admin/statements/publish', { statement_ids: [september.id] })).statusCode).toBe(200);

    const res = await get(`/commissions/statements/${september.id}.csv`, await loginAs(ctx.app, erin));
    expect(res.statusCode).toBe(200);
    const rows: Record<string, string>[] = parse(res.body, { bom: true, columns: true });
    const lines = rows.filter((r) => r.Section !== 'Total');
    expect(lines.map((r) => r.Amount)).toEqual(['100.00', '-30.00']);
    const sum = lines.reduce((total, r) => total + Number(r.Amount), 0);
    expect(sum).toBeCloseTo(70);
    expect(rows.find((r) => r.Section === 'Total')?.Amount).toBe('70.00');
    // The description a spreadsheet would run as a formula is shown as text.
    expect(lines[1]?.Description).toBe(`'=HYPERLINK("http://evil.example","refund")`);
  });

  it('marks statements paid with date, method and reference; paid lines never change', async () => {
    const november = (await statementOf(dana.id, '2026-11'))!;
    const bad = await post('/admin/statements/paid', { statement_ids: [november.id], paid_on: '', method: 'ach', reference: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ paid_on: m.paidDateRequired, reference: m.referenceRequired });
    const today = new Date().toISOString().slice(0, 10);
    const paid = await post('/admin/statements/paid', {
      statement_ids: [november.id],
      paid_on: today,
      method: 'ach',
      reference: 'ACH-20261205-01',
    });
    expect(paid.json().data.results).toEqual([{ id: november.id, ok: true }]);
    // The PDF prints the paid day in the web's format ("Nov 27, 2026"), not as stored.
    const pdf = await get(`/commissions/statements/${november.id}.pdf`, danaToken);
    expect(pdfText(pdf.rawPayload)).toContain(`paid on ${formatDate(today)}, reference ACH-20261205-01`);
    expect(formatDate(today)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const lines = await ctx.db.select().from(commissionLines).where(eq(commissionLines.statementId, november.id));
    expect(lines.map((l) => l.status)).toEqual(['paid', 'paid']);
    const change = await post(`/admin/commissions/lines/${lines[0]!.id}/status`, { status: 'void', reason: 'Typo' });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe(m.paidLineImmutable);
    // The database refuses it too, whoever asks.
    await expect(
      ctx.db.update(commissionLines).set({ amountCents: 1 }).where(eq(commissionLines.id, lines[0]!.id)),
    ).rejects.toThrow();
    await expect(ctx.db.delete(commissionLines).where(eq(commissionLines.id, lines[0]!.id))).rejects.toThrow();
    const [still] = await ctx.db.select().from(commissionLines).where(eq(commissionLines.id, lines[0]!.id));
    expect(still).toMatchObject({ amountCents: 1_000, status: 'paid' });

    const summary = await get('/commissions/summary', danaToken);
    expect(summary.json().data).toMatchObject({
      paid_this_year_cents: 3_000,
      approved_unpaid_cents: 0,
      pending_cents: 0,
      last_statement: { id: november.id, total_cents: 3_000, status: 'paid' },
    });
    const totals = await get('/admin/commissions/totals?from=2026-11&to=2026-11');
    expect(totals.json().data.items[0]).toMatchObject({ month: '2026-11', paid_cents: 3_000 });
    const csv = await get('/admin/commissions/totals.csv?from=2026-11&to=2026-11');
    expect(csv.body).toContain('2026-11,');
  });
});

describe('rounding', () => {
  it('a statement of 1,000 random residual lines totals exactly the sum of its rounded lines', async () => {
    const erin = await createPartner(ctx.db, { fullName: 'Erin Earner' });
    await ctx.app.inject({
      method: 'PUT',
      url: `${api}/admin/users/${erin.id}/commission-plan`,
      payload: { override: { ...plan, residual_share_bps: 3_333, bonus_cents: 0 } },
      headers: bearer(adminToken),
    });
    let seed = 20_261_122;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const rows: string[] = [];
    const accounts = [];
    const nets: number[] = [];
    for (let i = 0; i < 1_000; i++) {
      const mid = `RND-${String(i).padStart(5, '0')}`;
      accounts.push({ mid, business: `Random ${i}`, partnerId: erin.id, approvedOn: '2026-01-01' });
      const net = Math.floor(random() * 2_000_000) - 100_000; // -$1,000.00 .. $19,000.00, odd cents
      nets.push(net);
      rows.push(`${mid},Random ${i},1,100.00,0,0,${(net / 100).toFixed(2)}`);
    }
    await ctx.db.insert(merchantAccounts).values(accounts);
    await importMonth('2026-06', rows, 'Random Processor');
    const statement = (await statementOf(erin.id, '2026-06'))!;
    const detail: StatementDetail = (await get(`/admin/statements/${statement.id}`)).json().data;
    expect(detail.merchants).toHaveLength(1_000);
    const expected = nets.map((net) => shareOfCents(net, 3_333));
    expect(detail.merchants.map((r) => r.residual_cents).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    const sum = detail.merchants.reduce((total, r) => total + r.residual_cents, 0);
    expect(detail.totals.total_cents).toBe(sum);
    expect(statement.total_cents).toBe(sum);
  });
});

describe('sample report (e2e fixture)', () => {
  it('parses with the documented mapping: 30 rows, no errors, no duplicates', () => {
    const bytes = fs.readFileSync(new URL('../../../../../e2e/fixtures/residuals-report-processor-b.csv', import.meta.url));
    const parsed = parseReport(bytes, {
      mid: 'Merchant ID',
      business: 'DBA Name',
      transactions: '# Sales',
      volume: '$ Sales',
      income: '$ Income',
      costs: '$ IC + Card Brand Exp',
      net_revenue: '$ Partner Net Rev',
    });
    expect(parsed).toMatchObject({ rowCount: 30, errors: [], duplicates: [] });
    expect(parsed.rows.filter((r) => r.mid.startsWith('5499')).map((r) => r.business)).toEqual([
      'Summit Fitness',
      'Bella Nail Spa',
      'Harmony Yoga Studio',
    ]);
    expect(parsed.rows[0]).toMatchObject({
      mid: '542081000000',
      business: 'Oak Street Pizza',
      volumeCents: 15_616_926,
      netRevenueCents: 196_568,
    });
  });
});
