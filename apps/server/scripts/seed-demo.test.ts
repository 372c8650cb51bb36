import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { defaultCommissionPlan, planTerms, planTermsLine, type CommissionSummary, type ProgramTerms } from '@portal/contract';
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
});
