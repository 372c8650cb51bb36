import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db';
import { leads, outbox, users } from '../../db/schema';
import { createCrmConnector, CrmError, type CrmConnector, type CrmLead } from './crm/crm-connector';
import { notifyOutbox, onOutboxChange } from './outbox-events';

/** The one outbox action: push a lead, then its note, to the CRM. */
export const PUSH_LEAD = 'crm.push_lead';

export interface OutboxOptions {
  connector: CrmConnector;
  log: FastifyBaseLogger;
  /** How long a claimed entry stays invisible to other workers; must outlast one entry's calls. */
  leaseMs?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  now?: () => number;
  random?: () => number;
  /** Checked between entries so stop() only waits for the entry in hand. */
  shouldStop?: () => boolean;
}

type OutboxEntry = typeof outbox.$inferSelect;
type LeadRow = typeof leads.$inferSelect;
type Partner = { fullName: string; email: string } | null;

/**
 * Delivers outbox entries exactly once per lead, though any call may fail or the process may die
 * mid-way: each step (lead, then note) is recorded on the lead as soon as the CRM answers, and an
 * entry that an earlier attempt may have pushed asks the CRM before creating anything again.
 */
export function createOutboxProcessor(db: Database, opts: OutboxOptions) {
  // An entry makes at most a handful of CRM calls of 10 s each (a token refresh, a search, a retry
  // after 401…); the lease must outlast them all, or a second worker could start the same entry.
  const leaseMs = opts.leaseMs ?? 3 * 60_000;
  const maxAttempts = opts.maxAttempts ?? 8;
  const backoffBaseMs = opts.backoffBaseMs ?? 2_000;
  const backoffCapMs = opts.backoffCapMs ?? 10 * 60_000;
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const { connector, log } = opts;

  /** Pending and due, or processing with an expired lease (its worker died). */
  const isDue = (at: Date) =>
    or(
      and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, at)),
      and(eq(outbox.status, 'processing'), lt(outbox.lockedUntil, at)),
    );

  /**
   * Takes one due entry. SKIP LOCKED lets several instances claim side by side without ever taking
   * the same row; the single UPDATE is its own transaction.
   */
  async function claimNext(): Promise<OutboxEntry | null> {
    const at = new Date(now());
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(isDue(at))
      .orderBy(outbox.nextAttemptAt, outbox.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const [entry] = await db
      .update(outbox)
      .set({
        status: 'processing',
        lockedUntil: new Date(at.getTime() + leaseMs),
        attempts: sql`${outbox.attempts} + 1`,
        updatedAt: at,
      })
      .where(inArray(outbox.id, due))
      .returning();
    return entry ?? null;
  }

  /** Bookkeeping only while we still hold the lease; a worker that lost it must not overwrite. */
  const stillOurs = (entry: OutboxEntry) =>
    and(eq(outbox.id, entry.id), eq(outbox.status, 'processing'), eq(outbox.lockedUntil, entry.lockedUntil!));

  async function settle(entry: OutboxEntry, syncState: 'synced' | 'skipped'): Promise<void> {
    const at = new Date(now());
    await db.transaction(async (tx) => {
      const done = await tx
        .update(outbox)
        .set({ status: 'done', lockedUntil: null, lastError: null, updatedAt: at })
        .where(stillOurs(entry))
        .returning({ id: outbox.id });
      if (done.length) await tx.update(leads).set({ syncState, updatedAt: at }).where(eq(leads.id, entry.leadId));
    });
  }

  /** CRM=none: there is nothing to call, so due entries are settled in batches, without a lease. */
  async function skipDue(): Promise<number> {
    const at = new Date(now());
    return db.transaction(async (tx) => {
      const due = tx.select({ id: outbox.id }).from(outbox).where(isDue(at)).limit(500).for('update', { skipLocked: true });
      const done = await tx
        .update(outbox)
        .set({ status: 'done', attempts: sql`${outbox.attempts} + 1`, lockedUntil: null, lastError: null, updatedAt: at })
        .where(inArray(outbox.id, due))
        .returning({ leadId: outbox.leadId });
      if (done.length) {
        await tx.update(leads).set({ syncState: 'skipped', updatedAt: at }).where(inArray(leads.id, done.map((d) => d.leadId)));
      }
      return done.length;
    });
  }

  async function recordFailure(entry: OutboxEntry, lead: LeadRow, err: unknown): Promise<void> {
    const retryable = !(err instanceof CrmError) || err.retryable;
    const isFinal = !retryable || entry.attempts >= maxAttempts;
    const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const at = now();
    const delay = random() * Math.min(backoffCapMs, backoffBaseMs * 2 ** (entry.attempts - 1));
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(outbox)
        .set({
          status: isFinal ? 'failed' : 'pending',
          nextAttemptAt: new Date(at + (isFinal ? 0 : delay)),
          lockedUntil: null,
          lastError,
          updatedAt: new Date(at),
        })
        .where(stillOurs(entry))
        .returning({ id: outbox.id });
      if (updated.length && isFinal) {
        await tx.update(leads).set({ syncState: 'failed', updatedAt: new Date(at) }).where(eq(leads.id, lead.id));
      }
    });
    const context = { outboxId: entry.id, leadId: lead.publicId, attempts: entry.attempts, error: lastError };
    if (isFinal) log.error(context, 'lead could not be pushed to the CRM; an admin can retry it');
    else log.warn({ ...context, retryInMs: Math.round(delay) }, 'lead push failed; will retry');
  }

  async function pushLead(entry: OutboxEntry, lead: LeadRow, partner: Partner): Promise<void> {
    // attempts counts this claim too; last_error survives an admin retry, which resets attempts.
    const mayHaveReachedCrm = entry.attempts > 1 || entry.lastError !== null;
    let crmId = lead.crmId;
    if (!crmId) {
      const found = mayHaveReachedCrm ? await connector.findLeadByEmail?.(lead.email) : null;
      const record = found ? { ...found, duplicate: true } : await connector.createLead(toCrmLead(lead), lead.publicId);
      crmId = record.id;
      await db.update(leads).set({ crmId, updatedAt: new Date(now()) }).where(eq(leads.id, lead.id));
      if (record.duplicate) log.info({ leadId: lead.publicId, crmId }, 'lead linked to an existing CRM record');
    }
    if (!lead.crmNoteId) {
      const title = noteTitle(lead);
      const found = mayHaveReachedCrm ? await connector.findNoteByTitle?.(crmId, title) : null;
      const note = found ?? (await connector.createNote(crmId, title, noteContent(lead, partner)));
      await db.update(leads).set({ crmNoteId: note.id, updatedAt: new Date(now()) }).where(eq(leads.id, lead.id));
    }
  }

  async function handle(entry: OutboxEntry): Promise<void> {
    const [row] = await db
      .select({ lead: leads, partner: { fullName: users.fullName, email: users.email } })
      .from(leads)
      .leftJoin(users, eq(users.id, leads.partnerId))
      .where(eq(leads.id, entry.leadId));
    if (!row) return settle(entry, 'skipped');
    try {
      await pushLead(entry, row.lead, row.partner);
    } catch (err) {
      return recordFailure(entry, row.lead, err);
    }
    await settle(entry, 'synced');
  }

  return {
    /** Works through every due entry, one claim at a time; resolves with how many it handled. */
    async processDue(): Promise<number> {
      let handled = 0;
      if (!connector.syncsLeads) {
        for (let n = await skipDue(); n > 0 && !opts.shouldStop?.(); n = await skipDue()) handled += n;
        return handled;
      }
      while (!opts.shouldStop?.()) {
        const entry = await claimNext();
        if (!entry) break;
        await handle(entry);
        handled++;
      }
      return handled;
    },
  };
}

export interface LeadWorkerOptions extends Partial<OutboxOptions> {
  pollIntervalMs?: number;
}

export interface LeadWorker {
  /** Stops polling and waits for the entry in hand; unfinished work stays in the database. */
  stop(): Promise<void>;
}

/** Polls the outbox (and wakes at once for a new lead) until stopped. Never throws: errors are logged. */
export function startLeadWorker(app: FastifyInstance, opts: LeadWorkerOptions = {}): LeadWorker {
  const log = opts.log ?? app.log.child({ module: 'lead-worker' });
  const pollIntervalMs = opts.pollIntervalMs ?? 1_000;
  let isStopping = false;
  let isNudged = false;
  let wake: (() => void) | null = null;
  const processor = createOutboxProcessor(app.db, {
    ...opts,
    connector: opts.connector ?? createCrmConnector(app.config),
    log,
    shouldStop: () => isStopping,
  });
  const unsubscribe = onOutboxChange(app.db, () => {
    isNudged = true;
    wake?.();
  });

  const loop = (async () => {
    while (!isStopping) {
      try {
        await processor.processDue();
      } catch (err) {
        log.error({ err }, 'lead worker pass failed; retrying on the next poll');
      }
      if (isStopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollIntervalMs);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolve();
        }
        wake = done;
        if (isNudged) done();
        isNudged = false;
      });
    }
  })();

  return {
    async stop() {
      isStopping = true;
      unsubscribe();
      wake?.();
      await loop;
    },
  };
}

/** Failed entries (all, or those of these leads' public ids) go back to pending with a fresh budget. */
export async function retryFailedLeads(db: Database, leadIds?: string[]): Promise<number> {
  const at = new Date();
  const retried = await db.transaction(async (tx) => {
    const rows = await tx
      .update(outbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: at, lockedUntil: null, updatedAt: at })
      .where(
        and(
          eq(outbox.status, 'failed'),
          leadIds ? inArray(outbox.leadId, tx.select({ id: leads.id }).from(leads).where(inArray(leads.publicId, leadIds))) : undefined,
        ),
      )
      .returning({ leadId: outbox.leadId });
    if (rows.length) {
      await tx.update(leads).set({ syncState: 'pending', updatedAt: at }).where(inArray(leads.id, rows.map((r) => r.leadId)));
    }
    return rows.length;
  });
  if (retried) notifyOutbox(db);
  return retried;
}

function toCrmLead(lead: LeadRow): CrmLead {
  return {
    uuid: lead.referralUuid,
    First_Name: lead.firstName,
    Last_Name: lead.lastName,
    Email: lead.email,
    Company: lead.company,
    Business_Type: lead.businessType,
    Title: lead.title,
    Description: lead.description,
  };
}

/** Unique per lead, so a retry can find the note an earlier attempt created. */
export function noteTitle(lead: Pick<LeadRow, 'publicId'>): string {
  return `Partner portal referral ${lead.publicId}`;
}

function noteContent(lead: LeadRow, partner: Partner): string {
  return [
    lead.description,
    '',
    `Referred by: ${partner ? `${partner.fullName} <${partner.email}>` : 'no active partner'}`,
    `Referral link id: ${lead.referralUuid}`,
    `Source: ${lead.source === 'portal' ? 'partner portal' : 'referral landing page'}`,
    `Consent text version: ${lead.consentTextVersion}`,
    `Submitted at: ${lead.createdAt.toISOString()}`,
  ].join('\n');
}
