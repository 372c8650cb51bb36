import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { insertLead, moveLead, runLeadFanOut, type LeadRow } from '../../../test/lead-fixtures';
import { leads } from '../../db/schema';
import { countAllLeadsByStatus, recordLeadEvent } from './index';

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

describe('status counts of the whole table (lead_daily_counts)', () => {
  it('follow every new lead and status move once the worker has run, and never a move rolled back', async () => {
    const created: LeadRow[] = [];
    for (let i = 0; i < 20; i++) created.push(await insertLead(ctx.app, { company: `Shop ${i}` }));
    expect(await runLeadFanOut(ctx.app)).toBe(20);
    expect(await countAllLeadsByStatus(ctx.db)).toEqual({ ...(await countedByScan()), new: 20 });

    for (const lead of created.slice(0, 8)) await moveLead(ctx.app, lead, 'contacted');
    for (const lead of created.slice(0, 3)) await moveLead(ctx.app, lead, 'lost', { reason: 'no_response' });
    await ctx.db.update(leads).set({ company: 'Renamed' }).where(eq(leads.id, created[10]!.id)); // no status change
    await ctx.db
      .transaction(async (tx) => {
        // A move as the pipeline records it (its status event queues the count), then rolled back.
        await tx.update(leads).set({ status: 'analysis' }).where(eq(leads.id, created[12]!.id));
        await recordLeadEvent(tx, ctx.app.leadEvents, {
          leadId: created[12]!.id,
          leadPublicId: created[12]!.publicId,
          kind: 'status',
          actorId: null,
          actorLabel: 'Ada Admin',
          fromStatus: 'new',
          toStatus: 'analysis',
        });
        tx.rollback();
      })
      .catch(() => {});
    // Until the worker runs, the moves are not counted yet.
    expect(await countAllLeadsByStatus(ctx.db)).toMatchObject({ new: 20, contacted: 0 });
    expect(await runLeadFanOut(ctx.app)).toBe(11);

    const counts = await countAllLeadsByStatus(ctx.db);
    expect(counts).toEqual(await countedByScan());
    expect(counts).toMatchObject({ new: 12, contacted: 5, lost: 3, analysis: 0 });
  });
});
