import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  defaultCommissionPlan,
  leadStatuses,
  planTerms,
  planTermsLine,
  type AdminStats,
  type CommissionSummary,
  type LeadStatus,
  type PartnerLeadDetail,
  type ProgramTerms,
  type ReferralEarnings,
} from '@portal/contract';
import { leads, users } from '../src/db/schema';
import { bearer, loginAs } from '../test/factories';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';
import { seedDemo } from './seed-demo';

/** The number of rows in every table of the schema. */
async function rowCounts(ctx: TestContext): Promise<Record<string, number>> {
  const { rows } = await ctx.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const result = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = result.rows[0]!.n;
  }
  return counts;
}

describe('npm run seed:demo', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext({ ADMIN_EMAIL: 'admin@seed.test', ADMIN_PASSWORD: 'seed-admin-password-1' });
  });
  afterEach(() => ctx.close());

  it('writes its data once: a second run changes no row count', async () => {
    const empty = await rowCounts(ctx);
    await seedDemo(ctx.db, ctx.config, ctx.app.log);
    const once = await rowCounts(ctx);
    expect(once.users).toBe(empty.users! + 4); // the first admin and three partners
    expect(once.leads).toBeGreaterThan(10);
    expect(once.resources).toBe(7);

    const lines = await seedDemo(ctx.db, ctx.config, ctx.app.log);
    expect(await rowCounts(ctx)).toEqual(once);
    expect(lines.filter((line) => line.includes('updated partner'))).toHaveLength(3);
  });

  it('writes nothing when it fails half-way, and announces no first admin it rolled back', async () => {
    const empty = await rowCounts(ctx);
    const info = vi.fn();
    const log = { ...ctx.app.log, info } as unknown as FastifyBaseLogger;
    // The fourth referral fails, as the seed that wrote 3 of 16 referrals did.
    await ctx.db.execute(sql`
      create function fail_fourth_lead() returns trigger language plpgsql as $$
      begin
        if (select count(*) from leads) >= 3 then raise exception 'disk full (simulated)'; end if;
        return new;
      end $$`);
    await ctx.db.execute(
      sql`create trigger fail_fourth_lead before insert on leads for each row execute function fail_fourth_lead()`,
    );
    try {
      await expect(seedDemo(ctx.db, ctx.config, log)).rejects.toThrow();
    } finally {
      await ctx.db.execute(sql`drop trigger fail_fourth_lead on leads`);
      await ctx.db.execute(sql`drop function fail_fourth_lead()`);
    }
    expect(await rowCounts(ctx)).toEqual(empty);
    expect(info).not.toHaveBeenCalled();

    // And the next run writes everything, and announces the admin it created once committed.
    await seedDemo(ctx.db, ctx.config, log);
    expect((await rowCounts(ctx)).leads).toBeGreaterThan(10);
    expect(info).toHaveBeenCalledWith(
      { email: 'admin@seed.test', loginUrl: 'http://portal.test/login', accountUrl: 'http://portal.test/admin/account' },
      'first admin created from ADMIN_EMAIL/ADMIN_PASSWORD',
    );
  });

  it("agrees with itself: the terms partners read are the plan's, and every approved referral carries the plan's bonus", async () => {
    await seedDemo(ctx.db, ctx.config, ctx.app.log);
    await seedDemo(ctx.db, ctx.config, ctx.app.log);
    const [dana] = await ctx.db.select().from(users).where(eq(users.email, 'dana@demo.test'));
    const token = await loginAs(ctx.app, { email: 'dana@demo.test', password: 'demo-partner-2024' });
    const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });

    const terms: ProgramTerms = (await get('/commissions/terms')).json().data;
    expect(terms.plan).toEqual(defaultCommissionPlan);
    expect(terms.line).toBe(planTermsLine(defaultCommissionPlan));
    expect(terms.terms).toEqual(planTerms(defaultCommissionPlan));
    // The free-text addition states no amount of its own.
    expect(terms.addition).not.toMatch(/\d/);

    const approved = await ctx.db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.partnerId, dana!.id), eq(leads.status, 'approved'), isNotNull(leads.mid)));
    expect(approved.length).toBeGreaterThan(0);
    const summary: CommissionSummary = (await get('/commissions/summary')).json().data;
    expect(summary.earnings).toMatchObject({
      pending_bonus_count: approved.length,
      pending_bonus_cents: approved.length * defaultCommissionPlan.bonus_cents,
    });
  });

  it('agrees with itself through the API: the admin home, the leads table, the partner dashboard, the referrals and their histories', async () => {
    await seedDemo(ctx.db, ctx.config, ctx.app.log);
    const admin = await loginAs(ctx.app, { email: 'admin@seed.test', password: 'seed-admin-password-1' });
    const dana = await loginAs(ctx.app, { email: 'dana@demo.test', password: 'demo-partner-2024' });
    const get = async (url: string, token: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json().data;
    };
    const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

    // Every referral of the demo is Dana's: the admin's table, her list and both homes count the same.
    const table = await get('/admin/leads?limit=1', admin);
    const mine = await get('/leads/mine/counts', dana);
    const dashboard = await get('/dashboard/summary?period=30d', dana);
    expect(mine.counts).toEqual(table.counts);
    expect(mine.total).toBe(total(table.counts));
    expect(dashboard.status_counts).toEqual(mine.counts);
    expect(dashboard.total_referrals).toBe(mine.total);
    const everything: AdminStats = await get('/admin/stats?period=all', admin);
    expect(everything.cards.referrals.value).toBe(mine.total);
    expect(everything.cards.approved.value).toBe(mine.counts.approved);
    expect(everything.funnel).toMatchObject({ referrals: mine.total, approved: mine.counts.approved });
    expect(everything.cards.visits.value).toBe(dashboard.total_visits);
    expect(everything.top_partners).toMatchObject([
      { full_name: 'Dana Demo', referrals: mine.total, approved: mine.counts.approved },
    ]);
    expect(everything.per_day.reduce((sum, day) => sum + total(day.counts), 0)).toBe(mine.total);
    // The same 30 days on both homes.
    const month: AdminStats = await get('/admin/stats?period=30d', admin);
    expect(month.cards.referrals.value).toBe(dashboard.cards.referrals.value);
    expect(month.cards.visits.value).toBe(dashboard.cards.visits.value);
    expect(month.cards.approved.value).toBe(dashboard.cards.approved.value);

    // Her list, page by page, is the counts; each referral's history ends in its status, the pipeline's way.
    const seen: Record<LeadStatus, number> = Object.fromEntries(leadStatuses.map((s) => [s, 0])) as Record<LeadStatus, number>;
    let cursor: string | null = null;
    do {
      const page: { items: { id: string; status: LeadStatus; updated_at: string }[]; next_cursor: string | null } = await get(
        `/leads/mine?limit=5${cursor ? `&cursor=${cursor}` : ''}`,
        dana,
      );
      for (const item of page.items) {
        seen[item.status]++;
        const detail: PartnerLeadDetail = await get(`/leads/mine/${item.id}`, dana);
        expect(detail.events[0]).toMatchObject({ kind: 'created', to_status: 'new' });
        const moves = detail.events.filter((e) => e.kind === 'status');
        if (item.status === 'new') expect(moves).toEqual([]);
        else {
          expect(moves.at(-1)).toMatchObject({ from_status: 'new', to_status: item.status });
          if (item.status === 'lost' || item.status === 'unqualified') expect(moves.at(-1)!.reason).toBeTruthy();
        }
        // Last updated when its status last moved, not when the seed ran.
        expect(Date.parse(item.updated_at)).toBe(Date.parse(detail.events.at(-1)!.at));
        // An approved referral's page: the plan's bonus, pending, from the day of the approval in its history.
        const earned: ReferralEarnings = await get(`/commissions/referrals/${item.id}/earnings`, dana);
        if (item.status === 'approved') {
          expect(earned.merchant).toMatchObject({
            approved_on: detail.events.at(-1)!.at.slice(0, 10),
            bonus: { amount_cents: defaultCommissionPlan.bonus_cents, status: 'pending' },
            residual_cents: 0,
          });
        } else expect(earned.merchant).toBeNull();
      }
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(mine.counts);

    // Her commissions: a pending bonus of the plan's amount per approved referral, nothing earned or paid yet.
    const summary: CommissionSummary = await get('/commissions/summary', dana);
    expect(summary.earnings).toMatchObject({
      pending_bonus_count: mine.counts.approved,
      pending_bonus_cents: mine.counts.approved * defaultCommissionPlan.bonus_cents,
      this_month_cents: 0,
      paid_this_year_cents: 0,
    });
    expect(summary.pending_cents).toBe(summary.earnings.pending_bonus_cents);
    // The admin home's money card: Dana is the only partner with earnings, so it is her figures.
    expect(await get('/admin/commissions/earnings', admin)).toEqual(summary.earnings);
  });
});
