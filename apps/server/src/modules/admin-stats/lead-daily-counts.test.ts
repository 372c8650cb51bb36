import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeLeadPayload, type AdminStats, type Period } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { leadDailyCounts } from '../../db/schema';
import { periodRange } from '../../lib/period-range';
import { createSession } from '../../lib/sessions';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createPartner } from '../../../test/factories';
import { insertLead, runLeadFanOut } from '../../../test/lead-fixtures';
import { getAdminStats } from './admin-stats-service';
import { recountLeadDailyCounts } from './lead-daily-counts';

let ctx: TestContext;
let token: string;
let partner: Awaited<ReturnType<typeof createPartner>>;
let other: Awaited<ReturnType<typeof createPartner>>;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await createSession(ctx.db, (await createAdmin(ctx.db)).id);
  partner = await createPartner(ctx.db, { fullName: 'Rollup Partner' });
  other = await createPartner(ctx.db, { fullName: 'Other Partner' });
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60_000;
const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, payload, headers: bearer(token) });

async function submit(business: string, uuid = partner.uuid): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/leads/referral/by-uuid',
    payload: composeLeadPayload(buildReferralForm({ businessName: business }), uuid, {}),
  });
  expect(res.statusCode).toBe(201);
  return res.json().leadData.data[0].details.id as string;
}

/** What the leads table itself says: per UTC created day and current status, and approvals. */
async function countedFromLeads() {
  const { rows } = await ctx.db.execute<{ day: string; status: string; n: number }>(
    sql`select ((created_at at time zone 'UTC')::date)::text as day, status, count(*)::int as n from leads group by 1, 2`,
  );
  const perDay: Record<string, Record<string, number>> = {};
  for (const r of rows) (perDay[r.day] ??= {})[r.status] = Number(r.n);
  const { rows: partners } = await ctx.db.execute<{ id: number; referrals: number; approved: number }>(
    sql`select partner_id as id, count(*)::int as referrals, (count(*) filter (where status = 'approved'))::int as approved
      from leads where partner_id is not null group by 1 order by 3 desc, 2 desc, 1 limit 10`,
  );
  const total = (keep: (status: string) => boolean) => rows.reduce((sum, r) => sum + (keep(r.status) ? Number(r.n) : 0), 0);
  return {
    perDay,
    referrals: total(() => true),
    approved: total((s) => s === 'approved'),
    contacted: total((s) => ['contacted', 'analysis', 'application', 'approved', 'lost'].includes(s)),
    activePartners: partners.length,
    topPartners: partners.map((p) => [Number(p.id), Number(p.approved), Number(p.referrals)]),
  };
}

const perDayOf = (stats: AdminStats) => Object.fromEntries(stats.per_day.map((d) => [d.day, d.counts]));

/** The stats the leads table implies, as /admin/stats answers them for a window holding every lead. */
async function expectStatsToMatchLeads(stats: AdminStats) {
  const expected = await countedFromLeads();
  expect(perDayOf(stats)).toEqual(expected.perDay);
  expect(stats.cards.referrals.value).toBe(expected.referrals);
  expect(stats.cards.approved.value).toBe(expected.approved);
  expect(stats.funnel).toMatchObject({
    referrals: expected.referrals,
    contacted: expected.contacted,
    approved: expected.approved,
  });
}

/**
 * Every lead here is created today. Once the worker has run, the figures read today and two days
 * later (today then a whole day well inside each period) equal what the leads table says.
 */
async function expectBothReadsToMatch() {
  await runLeadFanOut(ctx.app);
  for (const period of ['7d', '90d', 'all'] as Period[]) {
    const res = await call('GET', `/admin/stats?period=${period}`);
    expect(res.statusCode).toBe(200);
    await expectStatsToMatchLeads(res.json().data);
    await expectStatsToMatchLeads(await getAdminStats(ctx.db, period, new Date(Date.now() + 2 * DAY)));
  }
  await expectActivePartnersToMatchLeads([new Date(), new Date(Date.now() + 2 * DAY)]);
}

/** Distinct partners with a lead created in [from, to), counted over the leads table itself. */
async function activeFromLeads(from: Date | null, to: Date): Promise<number> {
  const { rows } = await ctx.db.execute<{ n: number }>(
    sql`select count(distinct partner_id)::int as n from leads
      where created_at < ${to.toISOString()}::timestamptz and (${from?.toISOString() ?? null}::timestamptz is null or created_at >= ${from?.toISOString() ?? null}::timestamptz)`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The active partners card of every period, read at each of `nows`, against the leads table. */
async function expectActivePartnersToMatchLeads(nows: Date[]) {
  for (const now of nows) {
    for (const period of ['7d', '30d', '90d', '12m', 'all'] as Period[]) {
      const range = periodRange(period, now);
      const from = period === 'all' ? null : range.from;
      const stats = await getAdminStats(ctx.db, period, now);
      expect([period, now.toISOString(), stats.cards.active_partners]).toEqual([
        period,
        now.toISOString(),
        { value: await activeFromLeads(from, range.to), previous: from ? await activeFromLeads(range.previousFrom, from) : null },
      ]);
    }
  }
}

describe('admin home figures', () => {
  it('stay equal to the leads table through new leads, status moves, bulk moves and reassignments, and equal a recount', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await submit(`Rollup Shop ${i}`));
    const unattributed = await submit('Nobody Shop', crypto.randomUUID());
    // A second request with an email already referred is not a new lead.
    const again = composeLeadPayload(buildReferralForm({ businessName: 'Again' }), partner.uuid, {});
    await ctx.app.inject({ method: 'POST', url: '/api/v1/leads/referral/by-uuid', payload: again });
    await ctx.app.inject({ method: 'POST', url: '/api/v1/leads/referral/by-uuid', payload: again });
    await expectBothReadsToMatch();

    const move = (id: string, body: object) => call('POST', `/admin/leads/${id}/status`, body);
    expect((await move(ids[0]!, { status: 'contacted', expected_status: 'new' })).statusCode).toBe(200);
    expect(
      (await move(ids[0]!, { status: 'approved', expected_status: 'contacted', mid: `MID-ROLLUP-${Date.now()}` })).statusCode,
    ).toBe(200);
    expect((await move(ids[1]!, { status: 'lost', expected_status: 'new', reason: 'no_response' })).statusCode).toBe(200);
    expect((await move(ids[1]!, { status: 'contacted', expected_status: 'lost' })).statusCode).toBe(200);
    // Refused moves change nothing.
    expect((await move(ids[0]!, { status: 'contacted', expected_status: 'approved' })).statusCode).toBe(422);
    expect((await move(ids[2]!, { status: 'analysis', expected_status: 'contacted' })).statusCode).toBe(409);
    await expectBothReadsToMatch();

    const bulk = await call('POST', '/admin/leads/status', {
      lead_ids: [ids[2], ids[3], ids[4], ids[0]],
      status: 'unqualified',
      reason: 'existing_customer',
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().data.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true, true, false]);
    const bulk2 = await call('POST', '/admin/leads/status', { lead_ids: [ids[5], ids[6]], status: 'analysis' });
    expect(bulk2.json().data.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
    await expectBothReadsToMatch();

    // Reassignments, the approved lead's included: the referral and the approval follow it.
    const assign = (id: string, partnerId: number | null) =>
      call('POST', `/admin/leads/${id}/partner`, { partner_id: partnerId });
    expect((await assign(ids[0]!, other.id)).statusCode).toBe(200);
    expect((await assign(ids[5]!, other.id)).statusCode).toBe(200);
    expect((await assign(ids[6]!, null)).statusCode).toBe(200);
    expect((await assign(unattributed, partner.id)).statusCode).toBe(200);
    await expectBothReadsToMatch();
    const stats = await getAdminStats(ctx.db, 'all', new Date(Date.now() + 2 * DAY));
    expect(stats.cards.approved.value).toBe(1);
    expect(stats.cards.referrals.value).toBe(9); // seven, the unattributed one, and the first of the repeated requests
    expect(stats.top_partners.map((p) => [p.full_name, p.approved, p.referrals])).toEqual([
      ['Other Partner', 1, 2],
      ['Rollup Partner', 0, 6],
    ]);

    // What the worker kept is what the migration's recount computes from the leads.
    const kept = await dailyCounts();
    await recountLeadDailyCounts(ctx.db);
    expect(await dailyCounts()).toEqual(kept);
  });
});

describe('active partners of long periods', () => {
  it('equal distinct partners over the leads, on either side of day edges, through reassignments', async () => {
    const a = await createPartner(ctx.db, { fullName: 'Active A' });
    const b = await createPartner(ctx.db, { fullName: 'Active B' });
    const c = await createPartner(ctx.db, { fullName: 'Active C' });
    const now = Date.now();
    const at = (days: number, hours = 0) => new Date(now - days * DAY - hours * 3_600_000);
    // Back-dated leads on either side of the 90-day and 12-month periods' ends and in their middles.
    const onlyOfDay = await insertLead(ctx.app, { partnerId: a.id, createdAt: at(100) });
    const sameDay1 = await insertLead(ctx.app, { partnerId: b.id, createdAt: at(200, 1) });
    await insertLead(ctx.app, { partnerId: b.id, createdAt: at(200, 2) });
    await insertLead(ctx.app, { partnerId: c.id, createdAt: at(90, -3) });
    await insertLead(ctx.app, { partnerId: c.id, createdAt: at(90, 3) });
    await insertLead(ctx.app, { partnerId: a.id, createdAt: at(365, 5) });
    await insertLead(ctx.app, { partnerId: b.id, createdAt: at(400) });
    const unattributed = await insertLead(ctx.app, { partnerId: null, createdAt: at(150) });
    await runLeadFanOut(ctx.app);
    const nows = [0, 4, 11, 22, 30, 48].map((hours) => new Date(now + hours * 3_600_000));
    await expectActivePartnersToMatchLeads(nows);

    const assign = (id: string, partnerId: number | null) =>
      call('POST', `/admin/leads/${id}/partner`, { partner_id: partnerId });
    expect((await assign(onlyOfDay.publicId, c.id)).statusCode).toBe(200);
    expect((await assign(sameDay1.publicId, null)).statusCode).toBe(200);
    expect((await assign(unattributed.publicId, c.id)).statusCode).toBe(200);
    await expectActivePartnersToMatchLeads(nows);
  });
});

describe('how far the figures lag', () => {
  it('shows a new lead and a status move once the worker has run, each counted once', async () => {
    const figures = async () => {
      const stats = (await call('GET', '/admin/stats?period=7d')).json().data as AdminStats;
      const list = (await call('GET', '/admin/leads?limit=1')).json().data as { counts: Record<string, number> };
      return { referrals: stats.cards.referrals.value, newOnes: list.counts.new ?? 0, contacted: list.counts.contacted ?? 0 };
    };
    await runLeadFanOut(ctx.app);
    const before = await figures();
    const id = await submit('Lagging Shop');
    // Accepted and stored, but not yet counted: the lead's statement keeps no statistic.
    expect(await figures()).toEqual(before);
    expect(await runLeadFanOut(ctx.app)).toBe(1);
    expect(await figures()).toEqual({ ...before, referrals: before.referrals + 1, newOnes: before.newOnes + 1 });
    // The worker's next pass finds nothing more to count.
    expect(await runLeadFanOut(ctx.app)).toBe(0);

    expect((await call('POST', `/admin/leads/${id}/status`, { status: 'contacted', expected_status: 'new' })).statusCode).toBe(
      200,
    );
    expect((await figures()).contacted).toBe(before.contacted);
    expect(await runLeadFanOut(ctx.app)).toBe(1);
    expect(await figures()).toEqual({
      referrals: before.referrals + 1,
      newOnes: before.newOnes,
      contacted: before.contacted + 1,
    });
  });

  it('is caught up by the running worker within three seconds of an accepted lead (one poll, about a second)', async () => {
    const { startOutboxWorker } = await import('../../lib/outbox');
    const worker = startOutboxWorker(ctx.db, { handlers: ctx.app.outbox.handlers, log: ctx.app.log });
    try {
      const referrals = async () =>
        ((await call('GET', '/admin/stats?period=30d')).json().data as AdminStats).cards.referrals.value;
      await new Promise((resolve) => setTimeout(resolve, 1_200)); // whatever was waiting is counted
      const before = await referrals();
      await submit('Prompt Shop');
      const accepted = Date.now();
      while ((await referrals()) === before && Date.now() - accepted < 5_000) await new Promise((r) => setTimeout(r, 50));
      expect(await referrals()).toBe(before + 1);
      expect(Date.now() - accepted).toBeLessThan(3_000);
    } finally {
      await worker.stop();
    }
  });
});

async function dailyCounts() {
  const counts = await ctx.db
    .select({ day: sql<string>`${leadDailyCounts.day}::text`, status: leadDailyCounts.status, n: leadDailyCounts.count })
    .from(leadDailyCounts)
    .orderBy(leadDailyCounts.day, leadDailyCounts.status);
  return counts.filter((c) => c.n !== 0);
}
