import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeLeadPayload } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { leadDailyCounts, leads, outbox } from '../../db/schema';
import { openTwoInstances, zohoTestEnv, type TestContext, type TwoInstances } from '../../../test/context';
import { createPartner } from '../../../test/factories';
import { moveLead, runLeadFanOut } from '../../../test/lead-fixtures';
import { PUSH_LEAD } from './crm-push';
import { LEAD_CREATED } from './lead-created';

/**
 * Two instances on one database, each taking a burst of leads for several partners at once. The
 * lead statement touches no shared row (no counter: the worker counts), so nothing queues or
 * deadlocks. Every lead must be stored once, with its CRM push and its `lead.created` entry, and the
 * daily counts must count each exactly once once the worker has run, also after leads move out of `new`.
 */
describe('leads submitted at once on two instances', () => {
  let instances: TwoInstances;
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    instances = await openTwoInstances(zohoTestEnv);
    ({ a, b } = instances);
  });
  afterAll(() => instances.close());

  /** PostgreSQL's count of deadlocks in this file's database, read once both instances have closed. */
  async function deadlocksAfterClosing(databaseName: string): Promise<number> {
    await instances.closeApps();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      // A backend writes its counts out as it exits: wait until the instances' backends are gone.
      for (let i = 0; i < 100; i += 1) {
        const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [
          databaseName,
        ]);
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const { rows } = await admin.query<{ n: number }>('select deadlocks::int as n from pg_stat_database where datname = $1', [
        databaseName,
      ]);
      return rows[0]!.n;
    } finally {
      await admin.end();
    }
  }

  let ip = 0;
  const submit = (ctx: TestContext, uuid: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/leads/referral/by-uuid',
      payload: composeLeadPayload(buildReferralForm(), uuid),
      remoteAddress: `10.7.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
    });

  it('stores every lead once with its CRM push and lead.created entry, and the worker counts each once', async () => {
    const partners = await Promise.all([1, 2, 3].map((i) => createPartner(a.db, { email: `group-${i}@partner.example` })));
    // A's burst goes through the partners in one order, B's in the reverse one.
    const forA = Array.from({ length: 30 }, (_, i) => partners[i % 3]!.uuid);
    const forB = Array.from({ length: 30 }, (_, i) => partners[2 - (i % 3)]!.uuid);
    const responses = await Promise.all([...forA.map((uuid) => submit(a, uuid)), ...forB.map((uuid) => submit(b, uuid))]);
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 60 }, () => 201));

    const stored = await a.db.select({ id: leads.id, publicId: leads.publicId, partnerId: leads.partnerId }).from(leads);
    expect(stored).toHaveLength(60);
    const pushes = await a.db.select({ leadId: outbox.leadId }).from(outbox).where(eq(outbox.action, PUSH_LEAD));
    expect(new Set(pushes.map((p) => p.leadId))).toEqual(new Set(stored.map((l) => l.id)));
    expect(pushes).toHaveLength(60);
    const created = await a.db.select({ leadId: outbox.leadId }).from(outbox).where(eq(outbox.action, LEAD_CREATED));
    expect(new Set(created.map((p) => p.leadId))).toEqual(new Set(stored.map((l) => l.id)));
    expect(created).toHaveLength(60);
    // Both instances' workers at once: each entry is claimed by one of them.
    const handled = await Promise.all([runLeadFanOut(a.app), runLeadFanOut(b.app)]);
    expect(handled[0] + handled[1]).toBe(60);

    const todayCount = async (status: 'new' | 'contacted') =>
      (
        await a.db
          .select({ n: sql<number>`coalesce(sum(${leadDailyCounts.count}), 0)::int` })
          .from(leadDailyCounts)
          .where(and(eq(leadDailyCounts.status, status), eq(leadDailyCounts.day, sql`(now() at time zone 'UTC')::date`)))
      )[0]!.n;
    expect(await todayCount('new')).toBe(60);
    for (const lead of stored.slice(0, 10)) await moveLead(a.app, lead, 'contacted');
    await runLeadFanOut(b.app);
    expect(await todayCount('new')).toBe(50);
    expect(await todayCount('contacted')).toBe(10);
  });

  it('never deadlocks, however the two instances interleave the partners', async () => {
    const partners = await Promise.all([4, 5, 6].map((i) => createPartner(a.db, { email: `group-${i}@partner.example` })));
    // Rounds of 40 leads, the two instances' groups each with the partners in a shuffled order.
    for (let round = 0; round < 15; round += 1) {
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) => submit(i % 2 ? a : b, partners[(i * 7 + round * 5 + (i >> 2)) % 3]!.uuid)),
      );
      expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    }
    // PostgreSQL's own count shows a deadlock even where a retry hid it from the callers.
    if (instances.databaseName) expect(await deadlocksAfterClosing(instances.databaseName)).toBe(0);
  });
});
