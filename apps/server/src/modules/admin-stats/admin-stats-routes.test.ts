import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, outbox, referralVisits, users } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createPartner, loginAs } from '../../../test/factories';
import { errorCode } from './admin-stats-service';
import { recountLeadDailyCounts } from './lead-daily-counts';

let ctx: TestContext;
let auth: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  auth = bearer(await loginAs(ctx.app, await createAdmin(ctx.db)));
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
let seq = 0;
function lead(
  partnerId: number | null,
  createdAt: Date,
  status: typeof leads.$inferInsert.status = 'new',
  statusChangedAt = createdAt,
) {
  seq += 1;
  return {
    partnerId,
    referralUuid: 'x',
    firstName: 'M',
    email: `stats-${seq}@example.com`,
    company: `Company ${seq}`,
    businessType: 'Retail',
    countryCode: '+1',
    phoneDigits: '5551234567',
    title: '+15551234567',
    notes: '',
    description: '',
    smsConsent: true,
    marketingConsent: true,
    consentTextVersion: 'v1:',
    ipHash: 'h',
    source: 'landing_page' as const,
    status,
    statusChangedAt,
    createdAt,
  };
}

describe('GET /admin/stats', () => {
  it('counts the period against hand-counted fixtures, with the previous period beside', async () => {
    const p1 = await createPartner(ctx.db, { fullName: 'First Partner', createdAt: daysAgo(3) });
    const p2 = await createPartner(ctx.db, { fullName: 'Second Partner', createdAt: daysAgo(40) });
    await ctx.db.insert(leads).values([
      // This 30-day period: 4 referrals (p1: 3, p2: 1), 2 approved (created in period), 1 contacted.
      lead(p1.id, daysAgo(1), 'approved', daysAgo(1)),
      lead(p1.id, daysAgo(2), 'contacted'),
      lead(p1.id, daysAgo(2)),
      lead(p2.id, daysAgo(10), 'approved', daysAgo(5)),
      // Previous period: 2 referrals, one approved in the previous period.
      lead(p2.id, daysAgo(35), 'approved', daysAgo(33)),
      lead(p2.id, daysAgo(45)),
      // Unattributed, long ago.
      lead(null, daysAgo(200)),
    ]);
    // Inserted straight into the table (back-dated), past the daily counts the worker keeps.
    await recountLeadDailyCounts(ctx.db);
    await ctx.db.insert(referralVisits).values([
      { partnerId: p1.id, day: daysAgo(1).toISOString().slice(0, 10), visitorHash: 'a' },
      { partnerId: p1.id, day: daysAgo(1).toISOString().slice(0, 10), visitorHash: 'b' },
      { partnerId: p2.id, day: daysAgo(12).toISOString().slice(0, 10), visitorHash: 'c' },
      { partnerId: p2.id, day: daysAgo(50).toISOString().slice(0, 10), visitorHash: 'd' },
    ]);

    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/stats?period=30d', headers: auth });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.period).toBe('30d');
    expect(data.cards).toEqual({
      visits: { value: 3, previous: 1 },
      referrals: { value: 4, previous: 2 },
      conversion: { value: 0.5, previous: 0.5 },
      approved: { value: 2, previous: 1 },
      active_partners: { value: 2, previous: 1 },
      new_partners: { value: 1, previous: 1 },
    });
    expect(data.funnel).toEqual({ visits: 3, referrals: 4, contacted: 3, approved: 2 });
    expect(
      data.top_partners.map((p: { full_name: string; referrals: number; approved: number }) => [
        p.full_name,
        p.approved,
        p.referrals,
      ]),
    ).toEqual([
      ['First Partner', 1, 3],
      ['Second Partner', 1, 1],
    ]);
    const total = data.per_day.reduce(
      (sum: number, d: { counts: Record<string, number> }) => sum + Object.values(d.counts).reduce((a, b) => a + b, 0),
      0,
    );
    expect(total).toBe(4);
    expect(data.todo).toEqual({ applications: 0, failed_syncs: 0, unattributed_leads: 1 });

    const all = (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/stats?period=all', headers: auth })).json().data;
    expect(all.cards.referrals).toEqual({ value: 7, previous: null });

    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/stats?period=2d', headers: auth });
    expect(bad.statusCode).toBe(400);
    void users;
  });
});

describe('GET /admin/crm-health', () => {
  it('is green when idle, amber when something waits over 15 minutes, red with failures; errors grouped by code', async () => {
    const get = async () => (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/crm-health', headers: auth })).json().data;
    expect(await get()).toMatchObject({ connector: 'none', pending: 0, failed: 0, light: 'green', errors: [] });

    await ctx.db
      .insert(outbox)
      .values({ action: 'crm.push_lead', subjectId: 'a', payload: {}, createdAt: new Date(Date.now() - 20 * 60_000) });
    expect(await get()).toMatchObject({ pending: 1, light: 'amber' });

    await ctx.db.insert(outbox).values([
      {
        action: 'crm.push_lead',
        subjectId: 'b',
        payload: {},
        status: 'failed',
        lastError: 'Zoho answered INVALID_DATA for Email',
      },
      {
        action: 'crm.push_lead',
        subjectId: 'c',
        payload: {},
        status: 'failed',
        lastError: 'Zoho answered INVALID_DATA for Phone',
      },
      { action: 'crm.push_lead', subjectId: 'd', payload: {}, status: 'done' },
    ]);
    const health = await get();
    expect(health).toMatchObject({ pending: 1, failed: 2, light: 'red' });
    expect(health.last_success_at).toEqual(expect.any(String));
    expect(health.errors).toEqual([expect.objectContaining({ code: 'INVALID_DATA', count: 2 })]);
  });

  it('reads a code from an error text', () => {
    expect(errorCode('DUPLICATE_DATA: exists')).toBe('DUPLICATE_DATA');
    expect(errorCode('Zoho HTTP 503 Service Unavailable')).toBe('503');
    expect(errorCode('socket hang up')).toBe('ERROR');
  });
});
