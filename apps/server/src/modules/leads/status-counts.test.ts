import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { insertLead, moveLead, type LeadRow } from '../../../test/lead-fixtures';
import { leads } from '../../db/schema';
import { countAllLeadsByStatus } from './index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function countedByScan() {
  const rows = await ctx.db.select({ status: leads.status, n: count() }).from(leads).groupBy(leads.status);
  const all = { new: 0, contacted: 0, analysis: 0, application: 0, approved: 0, lost: 0, unqualified: 0 };
  for (const row of rows) all[row.status] = row.n;
  return all;
}

describe('status counters', () => {
  it('follow every insert, status change and delete in the same transaction', async () => {
    const created: LeadRow[] = [];
    for (let i = 0; i < 20; i++) created.push(await insertLead(ctx.app, { company: `Shop ${i}` }));
    expect(await countAllLeadsByStatus(ctx.db)).toEqual({ ...(await countedByScan()), new: 20 });

    for (const lead of created.slice(0, 8)) await moveLead(ctx.app, lead, 'contacted');
    for (const lead of created.slice(0, 3)) await moveLead(ctx.app, lead, 'lost', { reason: 'no_response' });
    await ctx.db.update(leads).set({ company: 'Renamed' }).where(eq(leads.id, created[10]!.id)); // no status change
    await ctx.db
      .transaction(async (tx) => {
        await tx.update(leads).set({ status: 'analysis' }).where(eq(leads.id, created[12]!.id));
        tx.rollback();
      })
      .catch(() => {});
    await ctx.db.delete(leads).where(inArray(leads.id, [created[0]!.id, created[19]!.id]));

    const counts = await countAllLeadsByStatus(ctx.db);
    expect(counts).toEqual(await countedByScan());
    expect(counts).toMatchObject({ new: 11, contacted: 5, lost: 2, analysis: 0 });

    await ctx.db.delete(leads);
    expect(Object.values(await countAllLeadsByStatus(ctx.db)).every((n) => n === 0)).toBe(true);
  });
});
