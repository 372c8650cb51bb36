import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { leadStatuses, type LeadStatus } from '@portal/contract';
import type { DbExecutor } from '../../db';
import { leadDailyCounts, leads } from '../../db/schema';
import { batchHandler, enqueue, type OutboxHandler } from '../../lib/outbox';
import type { CreatedLeadListener, LeadEventListener } from '../leads';

/*
 * lead_daily_counts: how many leads created on each UTC day are in each status now; the one
 * statistic stored apart from the leads (decision 012). Kept by the outbox worker, never in a
 * lead's transaction:
 * - a new lead: its `lead.created` entry's listener adds it to its day's `new` row;
 * - a status move (single, bulk, or pulled from the CRM; always recorded as a `status` event):
 *   the move's transaction queues one `stats.lead_moved` entry, whose handler moves the lead from
 *   one row of its day to another.
 * Both run in the transaction that marks their entries done (a claimed batch at a time, summed per
 * row), so each change counts exactly once.
 * Additions commute, so entries handled out of order still end on the right counts.
 *
 * Code that writes leads any other way (seeds, fixtures) calls recountLeadDailyCounts after.
 */

export const LEAD_MOVED = 'stats.lead_moved';

interface LeadMovedPayload {
  /** The lead's created day, `YYYY-MM-DD` (UTC). */
  day: string;
  from: LeadStatus;
  to: LeadStatus;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Adds each change to its (day, status) row in one statement, the changes of a batch summed first.
 * Rows go in one order (day, then status), so two workers' batches never wait on each other in a cycle.
 */
async function add(tx: DbExecutor, changes: { day: string; status: LeadStatus; delta: number }[]): Promise<void> {
  const sums = new Map<string, number>();
  for (const { day, status, delta } of changes) sums.set(`${day} ${status}`, (sums.get(`${day} ${status}`) ?? 0) + delta);
  const rows = [...sums]
    .filter(([, count]) => count !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, count]) => {
      const [day, status] = key.split(' ') as [string, LeadStatus];
      return { day, status, count };
    });
  if (!rows.length) return;
  await tx
    .insert(leadDailyCounts)
    .values(rows)
    .onConflictDoUpdate({
      target: [leadDailyCounts.day, leadDailyCounts.status],
      set: { count: sql`${leadDailyCounts.count} + excluded.count` },
    });
}

const countCreatedLeads: CreatedLeadListener = async (tx, created) => {
  await add(
    tx,
    created.map(({ lead }) => ({ day: utcDay(lead.createdAt), status: 'new', delta: 1 })),
  );
};

/**
 * A status move, queued in the move's transaction (nothing else there): the lead's created day and
 * both statuses travel with the entry, so it counts right even if the lead is gone by then.
 */
const queueStatusMove: LeadEventListener = async (tx, event) => {
  const { fromStatus: from, toStatus: to } = event;
  if (event.kind !== 'status' || !from || !to || from === to) return;
  const [lead] = await tx
    .select({ createdAt: leads.createdAt })
    .from(leads)
    .where(sql`${leads.id} = ${event.leadId}`);
  if (!lead) return;
  await enqueue(tx, {
    action: LEAD_MOVED,
    subjectType: 'lead',
    subjectId: event.leadPublicId,
    payload: { day: utcDay(lead.createdAt), from, to } satisfies LeadMovedPayload,
    dedupeKey: `${LEAD_MOVED}:${event.id}`,
  });
};

const leadMovedHandler: OutboxHandler = batchHandler(async (tx, entries) => {
  await add(
    tx,
    entries.flatMap((entry) => {
      const { day, from, to } = entry.payload as LeadMovedPayload;
      if (!leadStatuses.includes(from) || !leadStatuses.includes(to)) return [];
      return [
        { day, status: from, delta: -1 },
        { day, status: to, delta: 1 },
      ];
    }),
  );
});

/**
 * Recounts lead_daily_counts from the leads table (what migration 0014 did), in one transaction.
 * For leads written past the statement (seeds): run it while no lead.created or stats.lead_moved
 * entry waits, or the worker counts those leads again.
 */
export async function recountLeadDailyCounts(db: DbExecutor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(leadDailyCounts);
    await tx.execute(sql`insert into ${leadDailyCounts} (day, status, count)
      select (created_at at time zone 'UTC')::date, status, count(*) from ${leads} group by 1, 2`);
  });
}

/** Subscribes the daily counts to new leads and status moves; registered once, from app.ts. */
export const leadDailyCountsPlugin: FastifyPluginAsync = async (app) => {
  app.leadEvents.onCreated(countCreatedLeads);
  app.leadEvents.on(queueStatusMove);
  app.outbox.register(LEAD_MOVED, leadMovedHandler);
};
