import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { composeLeadPayload, formatDate, integrityMessages, defaultIntegritySettings } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createPartner } from '../../../test/factories';
import {
  auditLog,
  commissionLines,
  leads,
  outbox,
  partnerTeams,
  referralClaims,
  referralConflicts,
  statements,
  webhookEndpoints,
} from '../../db/schema';
import { ach, w9 } from '../../../test/payout-fixtures';
import { createOutboxProcessor } from '../../lib/outbox';
import { createSession } from '../../lib/sessions';
import { runIntegritySweep } from './lapse';

let ctx: TestContext;
let adminToken: string;
const api = '/api/v1';
type Partner = Awaited<ReturnType<typeof createPartner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createAdmin(ctx.db);
  adminToken = await createSession(ctx.db, admin.id);
  // A bonus earned at once (no minimum volume) that is due on a statement from the first cent.
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `${api}/admin/commission-plan`,
    headers: bearer(adminToken),
    payload: {
      bonus_cents: 20_001,
      bonus_min_volume_cents: 0,
      clawback_days: 30,
      residual_share_bps: 2_000,
      min_payout_cents: 100,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => ctx.close());

const worker = () => createOutboxProcessor(ctx.db, { handlers: ctx.app.outbox.handlers, log: ctx.app.log }).processDue();
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `${api}${url}`, payload, headers: bearer(adminToken) });

let seq = 0;
async function partner(overrides: Parameters<typeof createPartner>[1] = {}): Promise<Partner & { token: string }> {
  const p = await createPartner(ctx.db, {
    fullName: `Agent ${String.fromCharCode(64 + (++seq % 26))}${seq}x`,
    email: `partner-${seq}-${Date.now()}@agency${seq}.example`,
    ...overrides,
  });
  return { ...p, token: await createSession(ctx.db, p.id) };
}

/** A referral through the partner's link, as the landing page sends it; the worker then runs the fan-out. */
async function refer(p: Partner, form: Parameters<typeof buildReferralForm>[0], opts: { work?: boolean; ip?: string } = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    url: `${api}/leads/referral/by-uuid`,
    // Each business its own email domain unless the test says otherwise: a shared company domain is a match.
    payload: composeLeadPayload(buildReferralForm({ email: `owner@biz${++seq}.example`, ...form }), p.uuid),
  });
  expect(res.statusCode, res.body).toBe(201);
  if (opts.work !== false) await worker();
  const [lead] = await ctx.db.select().from(leads).where(eq(leads.publicId, res.json().leadData.data[0].details.id));
  return lead!;
}

const approve = async (publicId: string, mid: string) => {
  for (const [expected_status, status] of [
    ['new', 'contacted'],
    ['contacted', 'approved'],
  ] as const) {
    const res = await admin('POST', `/admin/leads/${publicId}/status`, {
      status,
      expected_status,
      ...(status === 'approved' ? { mid } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
};
const claimOf = async (leadId: number) =>
  (await ctx.db.select().from(referralClaims).where(eq(referralClaims.leadId, leadId)))[0];
const bonusLines = (publicId: string) =>
  ctx.db
    .select({
      partnerId: commissionLines.partnerId,
      amount: commissionLines.amountCents,
      hold: commissionLines.riskHold,
      status: commissionLines.status,
      statementId: commissionLines.statementId,
    })
    .from(commissionLines)
    .innerJoin(leads, sql`${leads.mid} is not null`)
    .where(
      and(
        eq(leads.publicId, publicId),
        eq(commissionLines.kind, 'bonus'),
        sql`${commissionLines.merchantAccountId} = (select id from merchant_accounts where lead_id = ${leads.id})`,
      ),
    );
/** A residual report for this month, committed at once (mapping of the commissions test's columns). */
async function importResiduals(rows: string[]) {
  const boundary = '----integrity-test';
  const fields = {
    month: new Date().toISOString().slice(0, 7),
    processor: `Integrity Processing ${++seq}`,
    dry_run: 'false',
    mapping: JSON.stringify({
      mid: 'MID',
      business: 'DBA',
      transactions: 'Sales',
      volume: 'Volume',
      income: 'Income',
      costs: 'Costs',
      net_revenue: 'Net',
    }),
  };
  const csv = ['MID,DBA,Sales,Volume,Income,Costs,Net', ...rows].join('\n');
  const payload = [
    ...Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  ].join('');
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${api}/admin/commissions/imports`,
    payload,
    headers: { ...bearer(adminToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode, res.body).toBe(201);
}
const residualLines = (publicId: string) =>
  ctx.db
    .select({
      hold: commissionLines.riskHold,
      status: commissionLines.status,
      statementId: commissionLines.statementId,
      reason: commissionLines.reason,
    })
    .from(commissionLines)
    .where(
      and(
        eq(commissionLines.kind, 'residual'),
        sql`${commissionLines.merchantAccountId} = (select m.id from merchant_accounts m join leads l on l.id = m.lead_id where l.public_id = ${publicId})`,
      ),
    );
const integritySubjects: string[] = [
  integrityMessages.mailAwardedSubject,
  integrityMessages.mailEarlierSubject,
  integrityMessages.mailRejectedSubject,
  integrityMessages.mailWindowSubject,
];
/** The integrity mails a partner received (the new-referral mails are the notifications module's). */
const mailsTo = (email: string) =>
  ctx.mailer.sent.filter((mail) => JSON.stringify(mail.to).includes(email) && integritySubjects.includes(mail.subject));

describe('integrity settings', () => {
  it('answers the defaults, saves a change with an audit row, and refuses a bad window with its field message', async () => {
    const got = await admin('GET', '/admin/integrity-settings');
    expect(got.json().data).toEqual(defaultIntegritySettings);
    const bad = await admin('PUT', '/admin/integrity-settings', { ...defaultIntegritySettings, window_days: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ window_days: integrityMessages.windowRange });
    const changed = { ...defaultIntegritySettings, owner_rule: 'latest' as const };
    const ok = await admin('PUT', '/admin/integrity-settings', changed);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await admin('GET', '/admin/integrity-settings')).json().data.owner_rule).toBe('latest');
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'integrity.settings'));
    expect(audit).toHaveLength(1);
    await admin('PUT', '/admin/integrity-settings', defaultIntegritySettings);
  });
});

describe('ownership', () => {
  it('the same phone from two partners becomes one conflict; awarding it mails both neutral words, audited', async () => {
    const a = await partner();
    const b = await partner();
    const first = await refer(a, { businessName: "Joe's Pizza LLC", phoneNumber: '2125550101', email: 'joe@joespizza.example' });
    const second = await refer(b, { businessName: 'Joes Pizza', phoneNumber: '2125550101', email: 'owner@gmail.com' });
    expect((await claimOf(first.id))?.state).toBe('conflict');
    expect((await claimOf(second.id))?.state).toBe('conflict');
    const conflicts = await ctx.db.select().from(referralConflicts).where(eq(referralConflicts.secondLeadId, second.id));
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]!.matchedOn).toEqual(['phone', 'name']);

    // Both partners see "Under review" on their referral; neither sees the other.
    const mine = await ctx.app.inject({ method: 'GET', url: `${api}/leads/mine`, headers: bearer(b.token) });
    expect(mine.json().data.items[0]).toMatchObject({ id: second.publicId, under_review: true });
    expect(mine.body).not.toContain(a.fullName);

    const list = await admin('GET', '/admin/conflicts');
    const row = list.json().data.items.find((c: { id: string }) => c.id === String(conflicts[0]!.id));
    expect(row).toMatchObject({
      status: 'open',
      suggested: 'first',
      first: { lead_id: first.publicId, partner: { id: a.id } },
      second: { lead_id: second.publicId, partner: { id: b.id } },
    });

    const noReason = await admin('POST', `/admin/conflicts/${row.id}/decision`, { decision: 'award_first', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: integrityMessages.reasonRequired });

    const decided = await admin('POST', `/admin/conflicts/${row.id}/decision`, {
      decision: 'award_first',
      reason: 'Earlier and with consent',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().data).toMatchObject({ status: 'decided', decision: 'award_first', reason: 'Earlier and with consent' });
    expect(
      (await admin('POST', `/admin/conflicts/${row.id}/decision`, { decision: 'reject_both', reason: 'x' })).statusCode,
    ).toBe(409);
    expect((await claimOf(first.id))?.state).toBe('active');
    expect((await claimOf(second.id))?.state).toBe('lost');

    await worker();
    const toA = mailsTo(a.email);
    const toB = mailsTo(b.email);
    expect(toA.map((mail) => mail.subject)).toEqual([integrityMessages.mailAwardedSubject]);
    expect(toA[0]!.text).toContain(integrityMessages.mailAwarded(first.company));
    expect(toB[0]!.text).toContain(integrityMessages.mailEarlier(second.company));
    for (const mail of toA) expect(mail.text).not.toContain(b.fullName);
    for (const mail of toB) expect(mail.text).not.toContain(a.fullName);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'integrity.conflict_decision'), eq(auditLog.targetId, row.id)));
    expect(audit).toHaveLength(1);
  });

  it('two referrals the worker fans out side by side still make one conflict, in submission order', async () => {
    const a = await partner();
    const b = await partner();
    const first = await refer(a, { businessName: 'Copper Kettle', phoneNumber: '4045550166' }, { work: false });
    const second = await refer(b, { businessName: 'Other Name', phoneNumber: '4045550166' }, { work: false });
    await worker(); // one batch: both lead.created entries handled concurrently
    const rows = await ctx.db.select().from(referralConflicts).where(eq(referralConflicts.secondLeadId, second.id));
    expect(rows.map((r) => r.firstLeadId)).toEqual([first.id]);
  });

  it('after the window has lapsed (warned 7 days before) a new referral by another partner is accepted', async () => {
    const a = await partner();
    const b = await partner();
    const first = await refer(a, { businessName: 'Harbor Books', phoneNumber: '3125550199' });
    const ends = (await claimOf(first.id))!.windowEndsAt;
    const warned = await runIntegritySweep(ctx.db, new Date(ends.getTime() - 6 * 86_400_000));
    expect(warned.warned).toBeGreaterThanOrEqual(1);
    await worker();
    expect(mailsTo(a.email).map((mail) => mail.subject)).toContain(integrityMessages.mailWindowSubject);
    // The day in the portal's one date format, as the web shows it ("Dec 22, 2026").
    expect(mailsTo(a.email).find((mail) => mail.subject === integrityMessages.mailWindowSubject)?.text).toContain(
      `ends on ${formatDate(ends, 'UTC')} (UTC)`,
    );
    const swept = await runIntegritySweep(ctx.db, new Date(ends.getTime() + 1000));
    expect(swept.released).toBeGreaterThanOrEqual(1);
    expect((await claimOf(first.id))?.state).toBe('released');
    const second = await refer(b, { businessName: 'Harbor Books', phoneNumber: '3125550199' });
    expect((await claimOf(second.id))?.state).toBe('active');
    expect(await ctx.db.select().from(referralConflicts).where(eq(referralConflicts.secondLeadId, second.id))).toHaveLength(0);
  });

  it('a split award produces both partners’ bonus lines (50/50 of the one bonus, rounded once)', async () => {
    const a = await partner();
    const b = await partner();
    const first = await refer(a, { businessName: 'Tidewater Tackle', phoneNumber: '6175550111' });
    const second = await refer(b, { businessName: 'Tidewater Tackle Inc', phoneNumber: '6175550199', email: 'x@other.example' });
    const [c] = await ctx.db.select().from(referralConflicts).where(eq(referralConflicts.secondLeadId, second.id));
    expect(c!.matchedOn).toEqual(['name']);
    await approve(first.publicId, `MID-SPLIT-${Date.now()}`);
    // Held while the conflict is open: on no statement.
    expect(await bonusLines(first.publicId)).toEqual([
      expect.objectContaining({ partnerId: a.id, amount: 20_001, hold: 'conflict', statementId: null }),
    ]);
    const res = await admin('POST', `/admin/conflicts/${c!.id}/decision`, {
      decision: 'split',
      reason: 'Both introduced the merchant',
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = await bonusLines(first.publicId);
    expect(lines.map((l) => [l.partnerId, l.amount, l.hold]).sort()).toEqual(
      [
        [a.id, 10_001, null],
        [b.id, 10_000, null],
      ].sort(),
    );
  });

  it('the pre-check answers only available or taken, never a name, 20 times a day', async () => {
    const a = await partner();
    const b = await partner();
    await refer(a, { businessName: 'Quiet Lantern Cafe', phoneNumber: '5035550142' });
    const ask = (body: object) =>
      ctx.app.inject({ method: 'POST', url: `${api}/leads/mine/precheck`, payload: body, headers: bearer(b.token) });
    const taken = await ask({ business_name: 'Quiet Lantern Café LLC', country_code: '+1' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({ status: 'success', data: { result: 'taken', remaining_today: 19 } });
    expect((await ask({ phone: '(503) 555-0142' })).json().data.result).toBe('taken');
    expect((await ask({ business_name: 'Unrelated Bakery' })).json().data.result).toBe('available');
    expect((await ask({})).statusCode).toBe(400);
    for (let i = 0; i < 17; i++) await ask({ business_name: 'Unrelated Bakery' });
    const over = await ask({ business_name: 'Unrelated Bakery' });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(integrityMessages.precheckLimit);
    // Its own referral is no "taken" for the partner who holds it.
    const own = await ctx.app.inject({
      method: 'POST',
      url: `${api}/leads/mine/precheck`,
      payload: { phone: '5035550142' },
      headers: bearer(a.token),
    });
    expect(own.json().data.result).toBe('available');
  });
});

describe('fraud signals', () => {
  it('a self-referral holds its bonus (off every statement) until resolved; a voided line never reaches a statement', async () => {
    const a = await partner({ email: `owner-${Date.now()}@selfco.example` });
    const selfLead = await refer(a, { businessName: 'Self Co', phoneNumber: '7185550100', email: `books@selfco.example` });
    expect(selfLead.underReview === false).toBe(false);
    const risk = (await admin('GET', '/admin/risk'))
      .json()
      .data.items.find((i: { partner: { id: number } }) => i.partner.id === a.id);
    expect(risk).toMatchObject({ signal: 'self_referral', action: 'hold', count: 1, status: 'open' });
    await approve(selfLead.publicId, `MID-SELF-${Date.now()}`);
    const [held] = await bonusLines(selfLead.publicId);
    expect(held).toMatchObject({ hold: 'risk', status: 'approved', statementId: null });
    const detail = (await admin('GET', `/admin/risk/${risk.id}`)).json().data;
    expect(detail.held_lines).toHaveLength(1);
    expect(detail.evidence[0].detail).toContain('selfco.example');

    expect((await admin('POST', `/admin/risk/${risk.id}/resolve`, { note: '' })).statusCode).toBe(400);
    const resolved = await admin('POST', `/admin/risk/${risk.id}/resolve`, {
      note: 'Reseller owns the shop legitimately',
      dont_flag_again: true,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const [released] = await bonusLines(selfLead.publicId);
    expect(released!.hold).toBeNull();
    expect(released!.statementId).not.toBeNull();

    // A second partner whose self-referral is voided as fraud: the line is void and on no statement.
    const c = await partner({ email: `boss-${Date.now()}@fraudco.example` });
    const fraud = await refer(c, { businessName: 'Fraud Co', phoneNumber: '7185550177', email: 'pay@fraudco.example' });
    await approve(fraud.publicId, `MID-FRAUD-${Date.now()}`);
    const item = (await admin('GET', '/admin/risk'))
      .json()
      .data.items.find((i: { partner: { id: number } }) => i.partner.id === c.id);
    expect((await admin('POST', `/admin/risk/${item.id}/void`, { note: 'Fake shop' })).statusCode).toBe(400);
    const voided = await admin('POST', `/admin/risk/${item.id}/void`, { note: 'Fake shop', confirm: 'VOID' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await admin('POST', `/admin/risk/${item.id}/resolve`, { note: 'undo' })).statusCode).toBe(409);
    const [line] = await bonusLines(fraud.publicId);
    expect(line).toMatchObject({ status: 'void', statementId: null });
    const statementsOfC = await ctx.db.select().from(statements).where(eq(statements.partnerId, c.id));
    expect(statementsOfC.every((s) => s.totalCents === 0)).toBe(true);
    const actions = (await ctx.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['integrity.risk_resolve', 'integrity.risk_void']));
  });

  it('a residual imported after the hold is held too, and released with the bonus when resolved', async () => {
    const a = await partner({ email: `owner-${Date.now()}@heldco.example` });
    const lead = await refer(a, { businessName: 'Held Co', phoneNumber: '7185550131', email: 'books@heldco.example' });
    const mid = `MID-HELD-${Date.now()}`;
    await approve(lead.publicId, mid);
    await importResiduals([`${mid},Held Co,10,1000.00,50.00,10.00,40.00`]);
    expect(await residualLines(lead.publicId)).toEqual([
      expect.objectContaining({ hold: 'risk', status: 'approved', statementId: null }),
    ]);
    const item = (await admin('GET', '/admin/risk'))
      .json()
      .data.items.find((i: { partner: { id: number } }) => i.partner.id === a.id);
    expect((await admin('GET', `/admin/risk/${item.id}`)).json().data.held_lines).toHaveLength(2);
    await admin('POST', `/admin/risk/${item.id}/resolve`, { note: 'Checked' });
    const [residual] = await residualLines(lead.publicId);
    expect(residual).toMatchObject({ hold: null, status: 'approved' });
    expect(residual!.statementId).not.toBeNull();
  });

  it('block: the merchant is approved as usual but its bonus and residuals are void ("Under review") until resolved', async () => {
    // A webhook endpoint wants commission.created: a void line is not announced, a line given back is, once.
    const [endpoint] = await ctx.db
      .insert(webhookEndpoints)
      .values({ url: 'https://hooks.example.com/in', events: ['commission.created'], secretSealed: 'x', secretHint: 'x' })
      .returning();
    const announced = async (partnerId: number) => {
      const lines = await ctx.db
        .select({ id: commissionLines.id })
        .from(commissionLines)
        .where(eq(commissionLines.partnerId, partnerId));
      const keys = lines.map((line) => `event:commission.created:${line.id}`);
      const events = await ctx.db
        .select({ key: outbox.dedupeKey })
        .from(outbox)
        .where(and(eq(outbox.action, 'webhook.event'), inArray(outbox.dedupeKey, keys.length ? keys : ['-'])));
      return { lines: lines.length, events: events.map((e) => e.key) };
    };
    await admin('PUT', '/admin/integrity-settings', {
      ...defaultIntegritySettings,
      signals: { ...defaultIntegritySettings.signals, self_referral: { enabled: true, action: 'block' } },
    });
    const a = await partner({ email: `owner-${Date.now()}@blockco.example` });
    const lead = await refer(a, { businessName: 'Block Co', phoneNumber: '7185550132', email: 'books@blockco.example' });
    await admin('PUT', '/admin/integrity-settings', defaultIntegritySettings);
    const mine = await ctx.app.inject({ method: 'GET', url: `${api}/leads/mine`, headers: bearer(a.token) });
    expect(mine.json().data.items[0]).toMatchObject({ id: lead.publicId, under_review: true });
    expect(mine.body).not.toContain('self_referral');
    const item = (await admin('GET', '/admin/risk'))
      .json()
      .data.items.find((i: { partner: { id: number } }) => i.partner.id === a.id);
    expect(item).toMatchObject({ signal: 'self_referral', action: 'block', status: 'open' });

    const mid = `MID-BLOCK-${Date.now()}`;
    await approve(lead.publicId, mid);
    const [account] = await ctx.db
      .execute<{ status: string }>(sql`select status from merchant_accounts where mid = ${mid}`)
      .then((r) => r.rows);
    expect(account?.status).toBe('active');
    expect(await bonusLines(lead.publicId)).toEqual([
      expect.objectContaining({ status: 'void', hold: 'risk', statementId: null }),
    ]);
    await importResiduals([`${mid},Block Co,10,1000.00,50.00,10.00,40.00`]);
    expect(await residualLines(lead.publicId)).toEqual([
      expect.objectContaining({ status: 'void', reason: integrityMessages.underReview, statementId: null }),
    ]);
    const totals = await ctx.db.select().from(statements).where(eq(statements.partnerId, a.id));
    expect(totals.every((t) => t.totalCents === 0)).toBe(true);
    // Neither the bonus (voided in the approval's transaction) nor the residual (written void) was announced.
    await worker();
    expect(await announced(a.id)).toEqual({ lines: 2, events: [] });

    // Resolved as legitimate: the bonus (no minimum volume here) and the residual are owed again.
    expect((await admin('POST', `/admin/risk/${item.id}/resolve`, { note: 'Owner confirmed by phone' })).statusCode).toBe(200);
    expect(await bonusLines(lead.publicId)).toEqual([expect.objectContaining({ status: 'approved', hold: null })]);
    const [residual] = await residualLines(lead.publicId);
    expect(residual).toMatchObject({ status: 'approved', hold: null, reason: null });
    const [statement] = await ctx.db.select().from(statements).where(eq(statements.partnerId, a.id));
    expect(statement!.totalCents).toBeGreaterThan(20_001);
    // Given back, both lines are announced now, one event each (the bonus as pending: its volume rule earns it again).
    const given = await announced(a.id);
    expect(given.events).toHaveLength(2);
    expect(new Set(given.events).size).toBe(2);
    await worker();
    const deliveries = await ctx.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.action, 'webhook.deliver'), eq(outbox.subjectId, String(endpoint!.id))));
    expect(deliveries.map((d) => JSON.parse((d.payload as { body: string }).body).data.commission.status).sort()).toEqual([
      'approved',
      'pending',
    ]);
    await ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id));
  });

  it('re-sign: the phone of a merchant closed in the last 12 months holds the new referral (no customer any more)', async () => {
    const a = await partner();
    const b = await partner();
    const old = await refer(a, { businessName: 'Second Wind Cycles', phoneNumber: '8015550123' });
    await approve(old.publicId, `MID-RESIGN-${Date.now()}`);
    await ctx.db.execute(sql`update merchant_accounts set status = 'closed', closed_on = current_date where lead_id = ${old.id}`);
    const again = await refer(b, { businessName: 'Fresh Start Cycles', phoneNumber: '8015550123' });
    expect((await claimOf(again.id))?.state).toBe('active');
    expect(again.underReview).toBe(true);
    const items = (await admin('GET', '/admin/risk'))
      .json()
      .data.items.filter((i: { partner: { id: number } }) => i.partner.id === b.id);
    expect(items).toEqual([expect.objectContaining({ signal: 're_sign', action: 'hold' })]);
  });

  it('velocity: more referrals an hour on one link than the rule allows are flagged', async () => {
    await admin('PUT', '/admin/integrity-settings', { ...defaultIntegritySettings, velocity_per_link_per_hour: 2 });
    const a = await partner();
    for (const n of [1, 2, 3]) await refer(a, { businessName: `Burst Shop ${n}`, phoneNumber: `51055501${n}0` });
    await admin('PUT', '/admin/integrity-settings', defaultIntegritySettings);
    const items = (await admin('GET', '/admin/risk'))
      .json()
      .data.items.filter((i: { partner: { id: number } }) => i.partner.id === a.id);
    expect(items).toEqual([expect.objectContaining({ signal: 'velocity', action: 'flag', count: 1 })]);
  });

  it('unresolved items are reminded to admins weekly, not more often', async () => {
    const a = await partner();
    await refer(a, { businessName: 'Burner Two', phoneNumber: '9175550190', email: 'y@mailinator.com' });
    // Later than the sweeps of the window test above (their reminder clock is the sweep's "now").
    const now = new Date(Date.now() + 400 * 86_400_000);
    expect((await runIntegritySweep(ctx.db, now)).reminded).toBe(true);
    expect((await runIntegritySweep(ctx.db, new Date(now.getTime() + 86_400_000))).reminded).toBe(false);
    expect((await runIntegritySweep(ctx.db, new Date(now.getTime() + 7 * 86_400_000))).reminded).toBe(true);
    await worker();
    const reminders = ctx.mailer.sent.filter((mail) => mail.subject === integrityMessages.mailRiskReminderSubject);
    expect(reminders.length).toBeGreaterThanOrEqual(2);
    expect(reminders[0]!.text).toMatch(/risk items? wait/);
  });

  it('a disposable address is flagged, a free-mail domain is not a company domain', async () => {
    const a = await partner({ email: `someone-${Date.now()}@gmail.com` });
    await refer(a, { businessName: 'Burner Shop', phoneNumber: '9175550100', email: 'x@mailinator.com' });
    await refer(a, { businessName: 'Gmail Shop', phoneNumber: '9175550101', email: 'shop@gmail.com' });
    const items = (await admin('GET', '/admin/risk'))
      .json()
      .data.items.filter((i: { partner: { id: number } }) => i.partner.id === a.id);
    expect(items.map((i: { signal: string }) => i.signal)).toEqual(['disposable_email']);
  });
});

const riskOf = async (partnerId: number) =>
  (await admin('GET', '/admin/risk')).json().data.items.filter((i: { partner: { id: number } }) => i.partner.id === partnerId);

describe('team, identity and device signals', () => {
  it('self-referral covers the team: the upline’s email or a downline’s name holds the referral', async () => {
    const up = await partner();
    const a = await partner();
    const down = await partner({ fullName: `Dana Downline ${seq}` });
    const stranger = await partner({ fullName: `Sol Stranger ${seq}` });
    await ctx.db.insert(partnerTeams).values([
      { partnerId: a.id, uplineId: up.id },
      { partnerId: down.id, uplineId: a.id },
    ]);
    const byEmail = await refer(a, { businessName: 'Upline Shop', phoneNumber: '7185550141', email: up.email });
    const byName = await refer(a, { businessName: down.fullName, phoneNumber: '7185550142' });
    const notTeam = await refer(a, { businessName: stranger.fullName, phoneNumber: '7185550143' });
    expect([byEmail.underReview, byName.underReview, notTeam.underReview]).toEqual([true, true, false]);
    const [item] = await riskOf(a.id);
    expect(item).toMatchObject({ signal: 'self_referral', count: 2 });
    const detail = (await admin('GET', `/admin/risk/${item.id}`)).json().data;
    expect(detail.evidence.map((e: { detail: string }) => e.detail)).toEqual([
      "Business name equals a team member's name",
      expect.stringMatching(/^Merchant email equals a team member's: /),
    ]);
    expect(detail.evidence[1].detail).not.toContain(up.email);
  });

  it('one identity, two partners: the same TIN or bank account flags both, by fingerprint, never showing the numbers', async () => {
    const a = await partner();
    const b = await partner();
    const c = await partner();
    const save = (p: Partner & { token: string }, body: object) =>
      ctx.app.inject({ method: 'PUT', url: `${api}/users/payout-details`, payload: body, headers: bearer(p.token) });
    expect((await save(a, { tax_form: w9(), bank: ach() })).statusCode).toBe(200);
    expect(await riskOf(a.id)).toEqual([]);
    // b: another address, the same TIN and bank account; c: nothing shared.
    const other = { line1: '9 Elm Rd', line2: null, city: 'Reno', state: 'nv', zip: '89501' };
    const res = await save(b, { tax_form: w9({ address: other }), bank: ach() });
    expect(res.statusCode, res.body).toBe(200);
    await save(c, {
      tax_form: w9({ tin: '987-65-4321', address: { ...other, line1: '3 Oak Ave' } }),
      bank: ach({ account_number: '000999888777' }),
    });
    const [ofA] = await riskOf(a.id);
    const [ofB] = await riskOf(b.id);
    expect(ofA).toMatchObject({ signal: 'shared_identity', count: 2 });
    expect(ofB).toMatchObject({ signal: 'shared_identity', count: 2 });
    expect(await riskOf(c.id)).toEqual([]);
    const detail = (await admin('GET', `/admin/risk/${ofA.id}`)).json().data;
    expect(detail.evidence.map((e: { detail: string }) => e.detail).sort()).toEqual([
      `Same TIN as partner ${b.fullName} (#${b.id})`,
      `Same bank account as partner ${b.fullName} (#${b.id})`,
    ]);
    expect(JSON.stringify(detail)).not.toMatch(/6789|123456789/);
  });

  it('same device: a landing referral from a network seen on the partner’s own session within 24 hours is flagged', async () => {
    const a = await partner();
    const b = await partner();
    // a's signed-in session comes from 198.51.100.7; b never signs in from there.
    await ctx.app.inject({ method: 'GET', url: `${api}/leads/mine`, headers: bearer(a.token), remoteAddress: '198.51.100.7' });
    await refer(a, { businessName: 'Device Shop', phoneNumber: '7185550151' }, { ip: '198.51.100.7' });
    await refer(a, { businessName: 'Other Net Shop', phoneNumber: '7185550152' }, { ip: '203.0.113.5' });
    await refer(b, { businessName: 'Device Shop Two', phoneNumber: '7185550153' }, { ip: '198.51.100.7' });
    const [item] = await riskOf(a.id);
    expect(item).toMatchObject({ signal: 'same_device', count: 1, action: 'flag' });
    expect(await riskOf(b.id)).toEqual([]);
    const detail = (await admin('GET', `/admin/risk/${item.id}`)).json().data;
    expect(detail.evidence[0]).toMatchObject({ business: 'Device Shop' });
    expect(JSON.stringify(detail)).not.toContain('198.51.100.7');
  });

  it('the partner adds a note on a referral under review; the admin reads it in the risk and conflict detail', async () => {
    const a = await partner({ email: `owner-${Date.now()}@noteco.example` });
    const held = await refer(a, { businessName: 'Note Co', phoneNumber: '7185550161', email: 'books@noteco.example' });
    const free = await refer(a, { businessName: 'Plain Shop', phoneNumber: '7185550162' });
    const note = (p: Partner & { token: string }, publicId: string, text: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${api}/leads/mine/${publicId}/review-notes`,
        payload: { note: text },
        headers: bearer(p.token),
      });
    const empty = await note(a, held.publicId, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ note: integrityMessages.reviewNoteRequired });
    const saved = await note(a, held.publicId, 'I own this shop with my brother; he signs the contract.');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: integrityMessages.reviewNoteSaved,
      data: { items: [{ lead_id: held.publicId }] },
    });
    const notUnder = await note(a, free.publicId, 'Hello');
    expect(notUnder.statusCode).toBe(409);
    expect(notUnder.json().message).toBe(integrityMessages.reviewNoteNotUnderReview);
    const stranger = await partner();
    expect((await note(stranger, held.publicId, 'Not mine')).statusCode).toBe(404);
    const [item] = await riskOf(a.id);
    const detail = (await admin('GET', `/admin/risk/${item.id}`)).json().data;
    expect(detail.partner_notes).toEqual([
      expect.objectContaining({ lead_id: held.publicId, note: 'I own this shop with my brother; he signs the contract.' }),
    ]);

    // A conflict: the second partner's note shows on their side.
    const b = await partner();
    const second = await refer(b, { businessName: 'Plain Shop', phoneNumber: '7185550162' });
    expect((await note(b, second.publicId, 'The owner asked me directly')).statusCode).toBe(200);
    const [c] = await ctx.db.select().from(referralConflicts).where(eq(referralConflicts.secondLeadId, second.id));
    const conflict = (await admin('GET', `/admin/conflicts/${c!.id}`)).json().data;
    expect(conflict.second.partner_notes).toEqual([expect.objectContaining({ note: 'The owner asked me directly' })]);
    expect(conflict.first.partner_notes).toEqual([]);
  });

  it('the generic settings editor refuses Integrity Settings that the integrity schema refuses', async () => {
    const put = (value: string) => admin('PUT', `/admin/settings/${encodeURIComponent('Integrity Settings')}`, { value });
    await admin('PUT', '/admin/integrity-settings', defaultIntegritySettings); // the row exists
    const bad = await put(JSON.stringify({ ...defaultIntegritySettings, window_days: 0 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.value).toBe(
      `${integrityMessages.settingsJsonInvalid} (window_days: ${integrityMessages.windowRange})`,
    );
    expect((await put('{not json')).json().errors.value).toBe(integrityMessages.settingsJsonInvalid);
    const ok = await put(JSON.stringify({ ...defaultIntegritySettings, window_days: 30 }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await admin('GET', '/admin/integrity-settings')).json().data.window_days).toBe(30);
    await admin('PUT', '/admin/integrity-settings', defaultIntegritySettings);
  });
});
