import { sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db';
import { leadDailyApprovals, leadDailyCounts, leadPartnerCounts, leadPartnerDays, leads } from '../../db/schema';
import type { CreatedLeadWork, LeadEventListener } from '../leads';

/**
 * The admin home's roll-ups (lead_daily_counts: leads per created day × current status;
 * lead_daily_approvals: approvals per day; lead_partner_counts: each partner's referrals and
 * approvals; lead_partner_days: the days on which each partner had a lead created), kept exact
 * in the transaction of every change that affects them. A new lead adds itself inside its own
 * insert statement (the lead bus's onCreated work); a status move, single,
 * bulk or pulled from the CRM, is always recorded as a 'status' event in the move's transaction,
 * and a reassignment as a 'partner' event: the listeners below move the lead between rows there.
 * Deleting a partner deletes their row (foreign key); the daily roll-ups have no partner.
 *
 * Anything that writes leads without these paths (the volume and demo seeds, test fixtures) calls
 * rebuildLeadRollups afterwards.
 */

/** The shard a lead of that status counts in: spread for `new` (concurrent submissions), 0 otherwise. */
const shardOf = (status: SQL, id: SQL) => sql`case when ${status} = 'new' then ${id} % 16 else 0 end`;
const utcDay = (at: SQL) => sql`(${at} at time zone 'UTC')::date`;

/**
 * The new lead's +1 on its day, as a statement of the lead insert's own CTE (each one a plain insert:
 * no nested WITH there). It counts in its transaction's shard rather than its id's: the leads that
 * commit together (lead-commit-group.ts) then take one `new` row, not several in an order another
 * group could take in reverse, while single submissions still spread over the shards. A move out of
 * `new` takes the lead back from shard `id % 16`, so one shard may hold less than zero; only the sum
 * over a day's shards means anything, and it stays exact.
 */
const countCreatedLead: CreatedLeadWork = {
  statement: (refs) => sql`insert into ${leadDailyCounts} (day, status, shard, count)
    select ${utcDay(sql`l.created_at`)}, 'new', txid_current() % 16, 1 from ${refs.lead} l
    on conflict (day, status, shard) do update set count = ${leadDailyCounts}.count + 1`,
};

/** A UTC day as a one-day datemultirange, the unit of lead_partner_counts.active_days. */
const oneDay = (day: SQL) => sql`datemultirange(daterange(${day}, ${day} + 1))`;

/** The new lead's +1 for its partner. */
const countCreatedLeadForPartner: CreatedLeadWork = {
  statement: (refs) => sql`insert into ${leadPartnerCounts} (partner_id, referrals, approved)
    select l.partner_id, 1, 0 from ${refs.lead} l where l.partner_id is not null
    on conflict (partner_id) do update set referrals = ${leadPartnerCounts}.referrals + 1`,
};

/** The new lead's day among its partner's active days. */
const markCreatedLeadDay: CreatedLeadWork = {
  statement: (refs) => sql`insert into ${leadPartnerDays} (partner_id, active_days)
    select l.partner_id, ${oneDay(utcDay(sql`l.created_at`))} from ${refs.lead} l where l.partner_id is not null
    on conflict (partner_id) do update set active_days = ${leadPartnerDays}.active_days + excluded.active_days`,
};

/**
 * A status move: -1 from the lead's day in its old status, +1 in the new one; into or out of
 * approved, an approval for the day and the partner.
 */
const countStatusMove: LeadEventListener = async (tx, event) => {
  const { fromStatus: from, toStatus: to } = event;
  if (!from || !to || from === to) return;
  const approvals = (to === 'approved' ? 1 : 0) - (from === 'approved' ? 1 : 0);
  // One statement: the moved lead as its move's own update left it.
  await tx.execute(sql`with lead as (
      select ${leads.id} as id, ${leads.partnerId} as partner_id, ${utcDay(sql`${leads.createdAt}`)} as day,
        ${utcDay(sql`${leads.statusChangedAt}`)} as changed_day
      from ${leads} where ${leads.id} = ${event.leadId}
    ), per_day as (
      insert into ${leadDailyCounts} (day, status, shard, count)
      select lead.day, m.status, ${shardOf(sql`m.status`, sql`lead.id`)}, m.delta
      from lead, (values (${from}::text, -1), (${to}::text, 1)) as m(status, delta)
      on conflict (day, status, shard) do update set count = ${leadDailyCounts}.count + excluded.count
    ), per_partner as (
      update ${leadPartnerCounts} set approved = ${leadPartnerCounts}.approved + ${approvals}::int
      from lead where ${leadPartnerCounts}.partner_id = lead.partner_id and ${approvals}::int <> 0
    )
    insert into ${leadDailyApprovals} (day, count)
    select lead.changed_day, 1 from lead where ${to}::text = 'approved'
    on conflict (day) do update set count = ${leadDailyApprovals}.count + 1`);
};

/**
 * A reassignment: the lead's referral (and approval) leaves one partner's row for the other's; its
 * day joins the new partner's active days, and leaves the old partner's unless another of their
 * leads was created that day (the lead's own move is already written, so it is not among them).
 */
const countReassignment: LeadEventListener = async (tx, event) => {
  const data = event.data as { from?: { id: number } | null; to?: { id: number } | null } | null;
  const fromId = data?.from?.id ?? null;
  const toId = data?.to?.id ?? null;
  if (fromId === toId) return;
  await tx.execute(sql`with lead as (
      select (${leads.status} = 'approved')::int as approved, ${utcDay(sql`${leads.createdAt}`)} as day
      from ${leads} where ${leads.id} = ${event.leadId}
    ), taken as (
      update ${leadPartnerCounts} set referrals = ${leadPartnerCounts}.referrals - 1, approved = ${leadPartnerCounts}.approved - lead.approved
      from lead where ${leadPartnerCounts}.partner_id = ${fromId}::int
    ), left_day as (
      update ${leadPartnerDays} set active_days = ${leadPartnerDays}.active_days - ${oneDay(sql`lead.day`)}
      from lead where ${leadPartnerDays}.partner_id = ${fromId}::int and not exists (
        select 1 from ${leads} other where other.partner_id = ${fromId}::int
          and other.created_at >= (lead.day::timestamp at time zone 'UTC')
          and other.created_at < ((lead.day + 1)::timestamp at time zone 'UTC'))
    ), joined_day as (
      insert into ${leadPartnerDays} (partner_id, active_days)
      select ${toId}::int, ${oneDay(sql`lead.day`)} from lead where ${toId}::int is not null
      on conflict (partner_id) do update set active_days = ${leadPartnerDays}.active_days + excluded.active_days
    )
    insert into ${leadPartnerCounts} (partner_id, referrals, approved)
    select ${toId}::int, 1, lead.approved from lead where ${toId}::int is not null
    on conflict (partner_id) do update set referrals = ${leadPartnerCounts}.referrals + 1,
      approved = ${leadPartnerCounts}.approved + excluded.approved`);
};

const countLeadEvent: LeadEventListener = async (tx, event) => {
  if (event.kind === 'status') await countStatusMove(tx, event);
  else if (event.kind === 'partner') await countReassignment(tx, event);
};

/** Recounts the roll-ups from the leads table (what migrations 0012 and 0013 did), in one transaction. */
export async function rebuildLeadRollups(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${leadDailyCounts}`);
    await tx.execute(sql`delete from ${leadDailyApprovals}`);
    await tx.execute(sql`delete from ${leadPartnerCounts}`);
    await tx.execute(sql`delete from ${leadPartnerDays}`);
    await tx.execute(sql`insert into ${leadDailyCounts} (day, status, shard, count)
      select ${utcDay(sql`created_at`)}, status, ${shardOf(sql`status`, sql`id`)}, count(*) from ${leads} group by 1, 2, 3`);
    await tx.execute(sql`insert into ${leadDailyApprovals} (day, count)
      select ${utcDay(sql`status_changed_at`)}, count(*) from ${leads} where status = 'approved' group by 1`);
    await tx.execute(sql`insert into ${leadPartnerCounts} (partner_id, referrals, approved)
      select partner_id, count(*), count(*) filter (where status = 'approved') from ${leads} where partner_id is not null group by 1`);
    await tx.execute(sql`insert into ${leadPartnerDays} (partner_id, active_days)
      select partner_id, range_agg(daterange(${utcDay(sql`created_at`)}, ${utcDay(sql`created_at`)} + 1))
      from ${leads} where partner_id is not null group by 1`);
  });
}

/** Subscribes the roll-ups to the lead event bus; registered once, from app.ts. */
export const leadRollupsPlugin: FastifyPluginAsync = async (app) => {
  app.leadEvents.onCreated(countCreatedLead);
  app.leadEvents.onCreated(countCreatedLeadForPartner);
  app.leadEvents.onCreated(markCreatedLeadDay);
  app.leadEvents.on(countLeadEvent);
};
