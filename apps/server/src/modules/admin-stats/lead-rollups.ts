import { sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { leadDailyApprovals, leadDailyCounts, leads } from '../../db/schema';
import type { CreatedLeadWork, LeadEventListener } from '../leads';

/**
 * The admin home's roll-ups (lead_daily_counts: leads per created day × current status;
 * lead_daily_approvals: approvals per day), kept exact in the transaction of every change that
 * affects them. A new lead adds itself inside its own insert statement (the lead bus's onCreated
 * work); a status move, single, bulk or pulled from the CRM, is always recorded as a 'status' event
 * in the move's transaction, and moves the lead between its day's rows there. Reassigning a
 * partner or deleting a user changes neither (the roll-ups have no partner).
 *
 * Anything that writes leads without these paths (the volume and demo seeds, test fixtures) calls
 * rebuildLeadRollups afterwards.
 */

/** The shard a lead of that status counts in: spread for `new` (concurrent submissions), 0 otherwise. */
const shardOf = (status: SQL, id: SQL) => sql`case when ${status} = 'new' then ${id} % 16 else 0 end`;
const utcDay = (at: SQL) => sql`(${at} at time zone 'UTC')::date`;

/** The new lead's +1, as a statement of the lead insert's own CTE. */
export const countCreatedLead: CreatedLeadWork = (refs) =>
  sql`insert into ${leadDailyCounts} (day, status, shard, count)
    select ${utcDay(sql`l.created_at`)}, 'new', ${shardOf(sql`'new'`, sql`l.id`)}, 1 from ${refs.lead} l
    on conflict (day, status, shard) do update set count = ${leadDailyCounts}.count + 1`;

/** A status move: -1 from the lead's day in its old status, +1 in the new one, and an approval for its day. */
export const countStatusMove: LeadEventListener = async (tx, event) => {
  const { fromStatus: from, toStatus: to } = event;
  if (event.kind !== 'status' || !from || !to || from === to) return;
  // One statement: the moved lead's days, read after the move's own update.
  await tx.execute(sql`with lead as (
      select ${leads.id} as id, ${utcDay(sql`${leads.createdAt}`)} as day, ${utcDay(sql`${leads.statusChangedAt}`)} as changed_day
      from ${leads} where ${leads.id} = ${event.leadId}
    ), moved as (
      insert into ${leadDailyCounts} (day, status, shard, count)
      select lead.day, m.status, ${shardOf(sql`m.status`, sql`lead.id`)}, m.delta
      from lead, (values (${from}::text, -1), (${to}::text, 1)) as m(status, delta)
      on conflict (day, status, shard) do update set count = ${leadDailyCounts}.count + excluded.count
    )
    insert into ${leadDailyApprovals} (day, count)
    select lead.changed_day, 1 from lead where ${to}::text = 'approved'
    on conflict (day) do update set count = ${leadDailyApprovals}.count + 1`);
};

/** Recounts both roll-ups from the leads table (what migration 0012 did), in one transaction. */
export async function rebuildLeadRollups(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${leadDailyCounts}`);
    await tx.execute(sql`delete from ${leadDailyApprovals}`);
    await tx.execute(sql`insert into ${leadDailyCounts} (day, status, shard, count)
      select ${utcDay(sql`created_at`)}, status, ${shardOf(sql`status`, sql`id`)}, count(*) from ${leads} group by 1, 2, 3`);
    await tx.execute(sql`insert into ${leadDailyApprovals} (day, count)
      select ${utcDay(sql`status_changed_at`)}, count(*) from ${leads} where status = 'approved' group by 1`);
  });
}

/** Subscribes the roll-ups to the lead event bus; registered once, from app.ts. */
export const leadRollupsPlugin: FastifyPluginAsync = async (app) => {
  app.leadEvents.onCreated(countCreatedLead);
  app.leadEvents.on(countStatusMove);
};
