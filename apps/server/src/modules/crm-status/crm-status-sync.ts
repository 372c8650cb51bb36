import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  canMoveLead,
  crmStatusMappingKey,
  crmValueFor,
  defaultCrmStatusMapping,
  parseCrmStatusMapping,
  type LeadStatus,
} from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { leads, outbox } from '../../db/schema';
import { getSettingValue, putSystemSetting } from '../settings';
import { enqueue, notifyOutbox, type OutboxHandler } from '../../lib/outbox';
import { recordLeadEvent, type CrmConnector, type LeadEventBus, type RecordedLeadEvent } from '../leads';

/** Push a lead's current status to the CRM. */
export const PUSH_STATUS = 'crm.push_status';
/** Pull the CRM's status changes since the last pull. */
export const PULL_STATUS = 'crm.pull_status';
/** Who status moves from the CRM are recorded as; they are never pushed back. */
export const CRM_ACTOR = 'CRM';
/** Where the last pull got to: the newest Modified_Time the CRM answered (its clock, not ours). */
export const pullWatermarkKey = 'CRM Status Pulled Until';
/** How far back the very first pull looks. */
const FIRST_PULL_LOOKBACK_MS = 24 * 60 * 60_000;

/** The admin's mapping, or the defaults when the setting is missing (a bad value cannot be saved). */
export async function loadStatusMapping(db: DbExecutor): Promise<Record<string, LeadStatus>> {
  const value = await getSettingValue(db, crmStatusMappingKey);
  return (value !== null && parseCrmStatusMapping(value)) || defaultCrmStatusMapping;
}

/** Lead-event listener: a move made in the portal is queued for the CRM in the move's transaction. */
export async function queueStatusPush(tx: DbExecutor, event: RecordedLeadEvent): Promise<void> {
  if (event.kind !== 'status' || !event.toStatus) return;
  if (event.actorId === null && event.actorLabel === CRM_ACTOR) return; // came from the CRM: no loop
  await enqueue(tx, {
    action: PUSH_STATUS,
    subjectType: 'lead',
    subjectId: event.leadPublicId,
    leadId: event.leadId,
    payload: { eventId: event.id },
    dedupeKey: `${PUSH_STATUS}:${event.id}`,
  });
}

/**
 * Sends the lead's status as it is when the entry runs (not the event's), so entries retried out
 * of order still leave the CRM on the latest status. A lead the CRM does not know yet is retried:
 * its own push gives it a CRM id.
 */
export function createStatusPushHandler(connector: CrmConnector): OutboxHandler {
  return {
    group: 'crm',
    async handle(entry, { db, log }) {
      if (entry.leadId == null || !connector.updateLeadStatus) return;
      const [lead] = await db
        .select({ status: leads.status, crmId: leads.crmId, publicId: leads.publicId })
        .from(leads)
        .where(eq(leads.id, entry.leadId));
      if (!lead) return;
      // A plain error: retried with backoff, without pausing the CRM group (the lead push must go on).
      if (!lead.crmId) throw new Error('the lead is not in the CRM yet; its status follows once it is');
      const value = crmValueFor(await loadStatusMapping(db), lead.status);
      if (!value) {
        log.warn({ leadId: lead.publicId, status: lead.status }, 'no CRM status maps to this portal status; not pushed');
        return;
      }
      await connector.updateLeadStatus(lead.crmId, value);
    },
  };
}

export interface PullResult {
  /** CRM records read. */
  seen: number;
  /** Portal leads moved. */
  moved: number;
}

/**
 * Reads the CRM's leads modified since the watermark and moves each pushed lead whose mapped status
 * differs, when the move table allows it, recording the move as the CRM's (visible to the partner,
 * so the mail listener tells them). Idempotent: a record read twice finds its lead already moved.
 * A CRM value older than the portal's own last move, or with a portal push still queued, is the
 * CRM lagging behind the portal, not a change: it is left alone.
 */
export async function pullStatusChanges(
  db: Database,
  connector: CrmConnector,
  bus: LeadEventBus,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
): Promise<PullResult> {
  if (!connector.listLeadsModifiedSince) return { seen: 0, moved: 0 };
  const mapping = await loadStatusMapping(db);
  const mark = await getSettingValue(db, pullWatermarkKey);
  const markAt = mark === null ? Number.NaN : Date.parse(mark);
  const since = new Date(Number.isNaN(markAt) ? now() - FIRST_PULL_LOOKBACK_MS : markAt);
  let newest = since.getTime();
  const result: PullResult = { seen: 0, moved: 0 };

  for await (const records of connector.listLeadsModifiedSince(since)) {
    result.seen += records.length;
    for (const record of records) newest = Math.max(newest, record.modifiedAt.getTime());
    const rows = await db
      .select({
        id: leads.id,
        publicId: leads.publicId,
        status: leads.status,
        crmId: leads.crmId,
        statusChangedAt: leads.statusChangedAt,
      })
      .from(leads)
      .where(
        inArray(
          leads.crmId,
          records.map((r) => r.id),
        ),
      );
    if (!rows.length) continue;
    const pushing = new Set(
      (
        await db
          .select({ leadId: outbox.leadId })
          .from(outbox)
          .where(
            and(
              eq(outbox.action, PUSH_STATUS),
              inArray(outbox.status, ['pending', 'processing']),
              inArray(
                outbox.leadId,
                rows.map((r) => r.id),
              ),
            ),
          )
      ).map((r) => r.leadId),
    );
    for (const lead of rows) {
      const record = records.find((r) => r.id === lead.crmId)!;
      const target = record.status ? mapping[record.status] : undefined;
      if (!target || target === lead.status) continue;
      if (pushing.has(lead.id) || record.modifiedAt.getTime() <= lead.statusChangedAt.getTime()) continue;
      if (!canMoveLead(lead.status, target)) {
        log.info(
          { leadId: lead.publicId, from: lead.status, crmStatus: record.status },
          'CRM status not applied: the move is not allowed',
        );
        continue;
      }
      const moved = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(leads)
          .set({ status: target, statusChangedAt: new Date(now()) })
          .where(and(eq(leads.id, lead.id), eq(leads.status, lead.status)))
          .returning({ id: leads.id });
        if (!row) return false; // moved in the portal meanwhile: the portal's move wins
        await recordLeadEvent(tx, bus, {
          leadId: lead.id,
          leadPublicId: lead.publicId,
          kind: 'status',
          actorId: null,
          actorLabel: CRM_ACTOR,
          fromStatus: lead.status,
          toStatus: target,
          visibleToPartner: true,
          data: { crm: connector.name, crm_status: record.status },
        });
        return true;
      });
      if (moved) result.moved++;
    }
  }

  await putSystemSetting(db, pullWatermarkKey, new Date(newest).toISOString());
  return result;
}

/** The pull as an outbox action: one instance at a time runs it (claim + lease), and it pauses with the CRM. */
export function createStatusPullHandler(connector: CrmConnector, bus: LeadEventBus): OutboxHandler {
  return {
    group: 'crm',
    async handle(_entry, { db, log, now }) {
      const { seen, moved } = await pullStatusChanges(db, connector, bus, log, now);
      if (seen) log.info({ seen, moved }, 'CRM status pull');
    },
  };
}

/**
 * Queues one pull per interval slot (the dedupe key is the slot, so every instance may ask), unless
 * one is still waiting: an outage leaves one pull to retry, not a pile.
 */
export async function queueStatusPull(db: Database, at: number, intervalMs: number): Promise<boolean> {
  const [waiting] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.action, PULL_STATUS), inArray(outbox.status, ['pending', 'processing'])))
    .limit(1);
  if (waiting) return false;
  await enqueue(db, {
    action: PULL_STATUS,
    subjectType: 'crm',
    subjectId: 'status',
    dedupeKey: `${PULL_STATUS}:${Math.floor(at / intervalMs)}`,
  });
  notifyOutbox(db);
  return true;
}

export interface StatusPullScheduler {
  stop(): Promise<void>;
}

/** Started by server.ts beside the outbox worker; the worker runs the pulls it queues. */
export function startStatusPullScheduler(
  db: Database,
  opts: { intervalMs: number; log: FastifyBaseLogger },
): StatusPullScheduler {
  const tick = () =>
    queueStatusPull(db, Date.now(), opts.intervalMs).catch((err: unknown) =>
      opts.log.error({ err }, 'could not queue the CRM status pull'),
    );
  void tick();
  const timer = setInterval(() => void tick(), opts.intervalMs);
  return { stop: async () => clearInterval(timer) };
}
