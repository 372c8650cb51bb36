import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, periods, type LeadStatus } from '@portal/contract';
import { leads, referralVisits } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createLeadFor, createPartner, createVisit, loginAs } from '../../../test/factories';
import { getDashboardSummary, getDashboardTimeseries } from './dashboard-service';
import { eq } from 'drizzle-orm';

let ctx: TestContext;
let partner: Awaited<ReturnType<typeof createPartner>>;
let other: Awaited<ReturnType<typeof createPartner>>;

/** "Now" of the hand-counted fixtures: Tuesday 10 March 2026, noon UTC. */
const now = new Date('2026-03-10T12:00:00Z');
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  ctx = await createTestContext();
  partner = await createPartner(ctx.db);
  other = await createPartner(ctx.db);

  // Referrals of the partner (L1 newest … L11 oldest), with the status each has now.
  const lead = (created: string, status: LeadStatus, company: string, statusChanged?: string) =>
    createLeadFor(ctx.db, partner, { createdAt: at(created), status, company, statusChangedAt: at(statusChanged ?? created) });
  await lead('2026-03-10T08:00:00Z', 'new', 'L1');
  await lead('2026-03-04T00:00:00Z', 'contacted', 'L2');
  await lead('2026-03-03T23:59:59Z', 'approved', 'L3', '2026-03-05T09:00:00Z');
  await lead('2026-02-25T00:00:00Z', 'lost', 'L4');
  await lead('2026-02-09T10:00:00Z', 'approved', 'L5', '2026-02-20T10:00:00Z');
  await lead('2026-01-15T10:00:00Z', 'analysis', 'L6');
  await lead('2025-12-11T00:00:00Z', 'application', 'L7');
  await lead('2025-12-10T23:00:00Z', 'approved', 'L8', '2026-02-26T10:00:00Z');
  await lead('2025-04-01T00:00:00Z', 'unqualified', 'L9');
  await lead('2025-03-31T23:00:00Z', 'new', 'L10');
  await lead('2024-03-15T10:00:00Z', 'new', 'L11');

  for (const [day, source] of [
    ['2026-03-10', 'qr'],
    ['2026-03-10', 'qr'],
    ['2026-03-04', 'direct'],
    ['2026-03-03', 'linkedin'],
    ['2026-02-10', 'direct'],
    ['2026-01-20', 'qr'],
    ['2025-12-11', 'direct'],
    ['2025-06-01', 'newsletter'],
    ['2025-03-01', 'direct'],
  ] as const) {
    await createVisit(ctx.db, partner.id, day, source);
  }

  // Another partner's activity inside every period: it must never show in the partner's figures.
  await createLeadFor(ctx.db, other, {
    createdAt: at('2026-03-09T10:00:00Z'),
    status: 'approved',
    statusChangedAt: at('2026-03-09T11:00:00Z'),
  });
  await createVisit(ctx.db, other.id, '2026-03-10', 'qr');
  await createVisit(ctx.db, other.id, '2026-03-09', 'facebook');
});
afterAll(() => ctx.close());

describe('dashboard summary (hand-counted, now = 2026-03-10 12:00 UTC)', () => {
  const expected = {
    '7d': { from: '2026-03-04', visits: [3, 1], referrals: [2, 2], conversion: [0.6667, 2], approved: [1, 1] },
    '30d': { from: '2026-02-09', visits: [5, 1], referrals: [5, 1], conversion: [1, 1], approved: [3, 0] },
    '90d': { from: '2025-12-11', visits: [7, 0], referrals: [7, 1], conversion: [1, null], approved: [3, 0] },
    '12m': { from: '2025-04-01', visits: [8, 1], referrals: [9, 1], conversion: [1.125, 1], approved: [3, 0] },
    all: { from: '2024-03-01', visits: [9, null], referrals: [11, null], conversion: [1.2222, null], approved: [3, null] },
  } as const;

  for (const period of periods) {
    it(`counts the cards of ${period} and the period before`, async () => {
      const summary = await getDashboardSummary(ctx.db, partner.id, period, now);
      const e = expected[period];
      const card = ([value, previous]: readonly [number | null, number | null]) => ({ value, previous });
      expect(summary.from).toBe(e.from);
      expect(summary.to).toBe('2026-03-11');
      expect(summary.cards).toEqual({
        visits: card(e.visits),
        referrals: card(e.referrals),
        conversion: card(e.conversion),
        approved: card(e.approved),
      });
    });
  }

  it('counts every referral by status, lists the five latest and breaks visits down by source', async () => {
    const summary = await getDashboardSummary(ctx.db, partner.id, '30d', now);
    expect(summary.status_counts).toEqual({
      new: 3,
      contacted: 1,
      analysis: 1,
      application: 1,
      approved: 3,
      lost: 1,
      unqualified: 1,
    });
    expect(summary.total_referrals).toBe(11);
    expect(summary.total_visits).toBe(9);
    expect(summary.latest.map((l) => l.business)).toEqual(['L1', 'L2', 'L3', 'L4', 'L5']);
    expect(summary.latest[0]).toMatchObject({
      contact: expect.stringMatching(/^Maria Lopez \d+$/),
      status: 'new',
      submitted_at: '2026-03-10T08:00:00.000Z',
    });
    expect(summary.visits_by_source).toEqual([
      { source: 'direct', visits: 2 },
      { source: 'qr', visits: 2 },
      { source: 'linkedin', visits: 1 },
    ]);
    expect((await getDashboardSummary(ctx.db, partner.id, '7d', now)).visits_by_source).toEqual([
      { source: 'qr', visits: 2 },
      { source: 'direct', visits: 1 },
    ]);
  });
});

describe('dashboard timeseries', () => {
  it('gives every day of 7d with referrals and visits', async () => {
    const series = await getDashboardTimeseries(ctx.db, partner.id, '7d', now);
    expect(series.granularity).toBe('day');
    expect(series.points).toEqual([
      { date: '2026-03-04', referrals: 1, visits: 1 },
      { date: '2026-03-05', referrals: 0, visits: 0 },
      { date: '2026-03-06', referrals: 0, visits: 0 },
      { date: '2026-03-07', referrals: 0, visits: 0 },
      { date: '2026-03-08', referrals: 0, visits: 0 },
      { date: '2026-03-09', referrals: 0, visits: 0 },
      { date: '2026-03-10', referrals: 1, visits: 2 },
    ]);
  });

  it('gives 30 and 90 days whose sums match the cards', async () => {
    for (const [period, days, referrals, visits] of [
      ['30d', 30, 5, 5],
      ['90d', 90, 7, 7],
    ] as const) {
      const series = await getDashboardTimeseries(ctx.db, partner.id, period, now);
      expect(series.points).toHaveLength(days);
      expect(series.points[0]!.date).toBe(period === '30d' ? '2026-02-09' : '2025-12-11');
      expect(series.points.reduce((s, p) => s + p.referrals, 0)).toBe(referrals);
      expect(series.points.reduce((s, p) => s + p.visits, 0)).toBe(visits);
    }
  });

  it('gives months for 12m and all', async () => {
    const year = await getDashboardTimeseries(ctx.db, partner.id, '12m', now);
    expect(year.granularity).toBe('month');
    expect(year.points).toHaveLength(12);
    const nonZero = (points: { date: string; referrals: number; visits: number }[]) =>
      points.filter((p) => p.referrals || p.visits);
    expect(nonZero(year.points)).toEqual([
      { date: '2025-04-01', referrals: 1, visits: 0 },
      { date: '2025-06-01', referrals: 0, visits: 1 },
      { date: '2025-12-01', referrals: 2, visits: 1 },
      { date: '2026-01-01', referrals: 1, visits: 1 },
      { date: '2026-02-01', referrals: 2, visits: 1 },
      { date: '2026-03-01', referrals: 3, visits: 4 },
    ]);
    const all = await getDashboardTimeseries(ctx.db, partner.id, 'all', now);
    expect(all.points).toHaveLength(25);
    expect(all.points[0]).toEqual({ date: '2024-03-01', referrals: 1, visits: 0 });
    expect(nonZero(all.points).slice(0, 2)).toEqual([
      { date: '2024-03-01', referrals: 1, visits: 0 },
      { date: '2025-03-01', referrals: 1, visits: 1 },
    ]);
  });

  it('gives a new partner zeros and no previous change for all', async () => {
    const fresh = await createPartner(ctx.db);
    const summary = await getDashboardSummary(ctx.db, fresh.id, 'all', now);
    expect(summary.cards.visits).toEqual({ value: 0, previous: null });
    expect(summary.cards.conversion).toEqual({ value: null, previous: null });
    expect(summary.latest).toEqual([]);
    expect(summary.total_visits).toBe(0);
    const series = await getDashboardTimeseries(ctx.db, fresh.id, 'all', now);
    expect(series.points).toEqual([{ date: '2026-03-01', referrals: 0, visits: 0 }]);
  });
});

describe('GET /dashboard/summary and /dashboard/timeseries', () => {
  it('answers only the signed-in partner their own figures', async () => {
    const token = await loginAs(ctx.app, other);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary?period=all', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total_referrals).toBe(1);
    expect(data.total_visits).toBe(2);
    expect(data.cards.approved.value).toBe(1);
    expect(data.latest).toHaveLength(1);
    const series = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/timeseries', headers: bearer(token) });
    expect(series.statusCode).toBe(200);
    expect(series.json().data).toMatchObject({ period: '30d', granularity: 'day' });
    expect(series.json().data.points).toHaveLength(30);
  });

  it('refuses anonymous callers, admins and unknown periods', async () => {
    const anon = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe(messages.auth.unauthorized);
    const admin = await createAdmin(ctx.db);
    const adminToken = await loginAs(ctx.app, admin);
    const forbidden = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/timeseries', headers: bearer(adminToken) });
    expect(forbidden.statusCode).toBe(403);
    const token = await loginAs(ctx.app, partner);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary?period=5y', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /leads/referral/:uuid/visit keeps the source', () => {
  const visit = (uuid: string, body: object | undefined, ua: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/leads/referral/${uuid}/visit`,
      headers: { 'user-agent': ua },
      ...(body ? { payload: body } : {}),
    });

  it('stores qr, direct and a normalised, capped utm_source', async () => {
    const p = await createPartner(ctx.db);
    expect((await visit(p.uuid, { src: 'qr' }, 'ua-1')).statusCode).toBe(204);
    expect((await visit(p.uuid, undefined, 'ua-2')).statusCode).toBe(204);
    expect((await visit(p.uuid, { utm_source: '  LinkedIn Ads!! ' }, 'ua-3')).statusCode).toBe(204);
    expect((await visit(p.uuid, { utm_source: 'x'.repeat(100) }, 'ua-4')).statusCode).toBe(204);
    expect((await visit(p.uuid, { src: 'QR', utm_source: 'newsletter' }, 'ua-5')).statusCode).toBe(204);
    expect((await visit(p.uuid, { utm_source: '<script>' }, 'ua-6')).statusCode).toBe(204);
    const rows = await ctx.db
      .select({ source: referralVisits.source })
      .from(referralVisits)
      .where(eq(referralVisits.partnerId, p.id));
    expect(rows.map((r) => r.source).sort()).toEqual(['direct', 'linkedin-ads', 'qr', 'qr', 'script', 'x'.repeat(40)].sort());

    const token = await loginAs(ctx.app, p);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary?period=7d', headers: bearer(token) });
    expect(res.json().data.visits_by_source).toEqual([
      { source: 'qr', visits: 2 },
      { source: 'direct', visits: 1 },
      { source: 'linkedin-ads', visits: 1 },
      { source: 'script', visits: 1 },
      { source: 'x'.repeat(40), visits: 1 },
    ]);
    expect(res.json().data.cards.visits.value).toBe(6);
  });
});

describe('figures follow every change to leads and visits (counted from the rows themselves)', () => {
  it('moves counts on approval, reassignment and deletion', async () => {
    const a = await createPartner(ctx.db);
    const b = await createPartner(ctx.db);
    const lead = await createLeadFor(ctx.db, a, {
      createdAt: at('2026-03-02T10:00:00Z'),
      statusChangedAt: at('2026-03-02T10:00:00Z'),
    });
    await createVisit(ctx.db, a.id, '2026-03-02', 'qr');
    const sum = async (p: { id: number }) => await getDashboardSummary(ctx.db, p.id, '30d', now);

    expect((await sum(a)).cards.referrals.value).toBe(1);
    expect((await sum(a)).status_counts.new).toBe(1);

    await ctx.db
      .update(leads)
      .set({ status: 'approved', statusChangedAt: at('2026-03-06T09:00:00Z'), mid: `MID-${lead.id}` })
      .where(eq(leads.id, lead.id));
    let s = await sum(a);
    expect(s.cards.approved.value).toBe(1);
    expect(s.status_counts).toMatchObject({ new: 0, approved: 1 });
    expect((await getDashboardTimeseries(ctx.db, a.id, '7d', now)).points.find((p) => p.date === '2026-03-06')).toEqual({
      date: '2026-03-06',
      referrals: 0,
      visits: 0,
    });

    await ctx.db.update(leads).set({ partnerId: b.id }).where(eq(leads.id, lead.id));
    s = await sum(a);
    expect(s.cards.referrals.value).toBe(0);
    expect(s.cards.approved.value).toBe(0);
    expect(s.total_referrals).toBe(0);
    expect((await sum(b)).cards).toMatchObject({ referrals: { value: 1 }, approved: { value: 1 } });

    await ctx.db.delete(leads).where(eq(leads.id, lead.id));
    expect((await sum(b)).total_referrals).toBe(0);
    expect((await sum(b)).cards.approved.value).toBe(0);
    expect((await sum(a)).cards.visits.value).toBe(1);
    expect((await sum(a)).visits_by_source).toEqual([{ source: 'qr', visits: 1 }]);
  });
});
