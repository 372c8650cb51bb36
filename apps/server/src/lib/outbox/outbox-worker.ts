import { and, eq, inArray, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db';
import { outbox } from '../../db/schema';
import { notifyOutbox, onOutboxChange } from './outbox-events';
import { OutboxError, type OutboxEntry, type OutboxHandlers } from './outbox';

export interface OutboxProcessorOptions {
  handlers: OutboxHandlers;
  log: FastifyBaseLogger;
  /** How long a claimed entry stays invisible to other workers; renewed while its handler runs. */
  leaseMs?: number;
  /** Entries handled side by side. */
  concurrency?: number;
  /** The most entries of a batch action (`batchHandler`) handled in one transaction. */
  batchSize?: number;
  /** An entry keeps being retried for this long after it was created, then fails. */
  maxAgeMs?: number;
  /** An optional bound on attempts as well (tests, special actions). */
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  now?: () => number;
  random?: () => number;
  /** Checked between batches so stop() only waits for the entries in hand. */
  shouldStop?: () => boolean;
  /**
   * Awaited before each claim: requests first (request-pressure.ts). False means requests are still
   * arriving, and the claim takes at most `busyBatchSize` entries.
   */
  waitForQuiet?: () => Promise<boolean>;
  busyBatchSize?: number;
}

const defaults = {
  leaseMs: 30_000,
  concurrency: 4,
  batchSize: 100,
  busyBatchSize: 5,
  maxAgeMs: 72 * 60 * 60_000,
  maxAttempts: Number.POSITIVE_INFINITY,
  backoffBaseMs: 2_000,
  backoffCapMs: 15 * 60_000,
};

/**
 * Claims due outbox entries in batches (FOR UPDATE SKIP LOCKED, so instances never take the same
 * row), runs each through its action's handler, and records the outcome while it still holds the
 * lease. Leases are short and renewed while a handler runs, so a dead worker's entries are taken
 * over within one lease. A failure retries with capped exponential backoff and full jitter; an
 * outage or a 429 pauses the handler's whole group, so a backlog does not hammer a struggling CRM.
 */
export function createOutboxProcessor(db: Database, opts: OutboxProcessorOptions) {
  const o = { ...defaults, ...opts };
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const { handlers, log } = opts;
  const pausedUntil = new Map<string, number>();

  const groupOf = (action: string) => handlers[action]?.group ?? action;

  /** Actions whose group is paused right now; their entries are left for later. */
  function pausedActions(at: number): string[] {
    return Object.keys(handlers).filter((action) => (pausedUntil.get(groupOf(action)) ?? 0) > at);
  }

  const batchActions = Object.keys(handlers).filter((action) => 'handleBatch' in handlers[action]!);
  const manyActions = Object.keys(handlers).filter((action) => 'handleMany' in handlers[action]!);
  const singleActions = Object.keys(handlers).filter(
    (action) => !('handleBatch' in handlers[action]!) && !('handleMany' in handlers[action]!),
  );

  /** Claims due entries of `known` actions, leaving those of the `busy` subjects (handled right now) alone. */
  async function claim(limit: number, known: string[], busy: string[] = []): Promise<OutboxEntry[]> {
    const at = new Date(now());
    const paused = pausedActions(at.getTime());
    if (!known.length) return [];
    const wanted = and(
      inArray(outbox.action, known),
      paused.length ? notInArray(outbox.action, paused) : undefined,
      busy.length ? notInArray(outbox.subjectId, busy) : undefined,
    );
    // Pending and due, in order (outbox_pending_idx: a walk of the action's due rows that stops at
    // the limit, however long the queue); then processing with an expired lease (its worker died).
    // Two branches rather than one OR, which made every claim read and sort every due row.
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, at), wanted))
      .orderBy(outbox.nextAttemptAt, outbox.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    const expired = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.status, 'processing'), lt(outbox.lockedUntil, at), wanted))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(outbox)
      .set({ status: 'processing', lockedUntil: new Date(at.getTime() + o.leaseMs), attempts: sql`${outbox.attempts} + 1` })
      .where(sql`${outbox.id} in (select id from (${due}) due union all select id from (${expired}) expired limit ${limit})`)
      .returning();
    // RETURNING follows no order; handled in the order they were queued.
    return claimed.sort((a, b) => a.id - b.id);
  }

  /** Bookkeeping only while we still hold the lease; a worker that lost it must not overwrite. */
  const stillOurs = (entry: OutboxEntry) =>
    and(eq(outbox.id, entry.id), eq(outbox.status, 'processing'), eq(outbox.lockedUntil, entry.lockedUntil!));

  /** Extends the lease of an entry in hand; false when it is no longer ours. */
  async function renew(entry: OutboxEntry): Promise<boolean> {
    const lockedUntil = new Date(now() + o.leaseMs);
    const renewed = await db.update(outbox).set({ lockedUntil }).where(stillOurs(entry)).returning({ id: outbox.id });
    if (renewed.length) entry.lockedUntil = lockedUntil;
    return renewed.length > 0;
  }

  async function settle(entry: OutboxEntry): Promise<void> {
    const handler = handlers[entry.action]!;
    const markDone = (executor: Pick<Database, 'update'>) =>
      executor
        .update(outbox)
        .set({ status: 'done', lockedUntil: null, lastError: null })
        .where(stillOurs(entry))
        .returning({ id: outbox.id });
    // Nothing to record beside it (mails): one statement, without a transaction's BEGIN and COMMIT
    // round trips, which cost as much as the update on every mail of every lead.
    if (!handler.onDone) {
      await markDone(db);
      return;
    }
    await db.transaction(async (tx) => {
      const done = await markDone(tx);
      if (done.length) await handler.onDone?.(tx, entry);
    });
  }

  /**
   * A claimed batch of one batch action, in one transaction: marked done (those still ours) and
   * handed to the handler, or nothing at all. Should it fail, each entry is tried again alone, so
   * only the entry at fault records a failure.
   */
  async function settleBatch(action: string, entries: OutboxEntry[]): Promise<void> {
    try {
      await db.transaction(async (tx) => {
        const done = await tx
          .update(outbox)
          .set({ status: 'done', lockedUntil: null, lastError: null })
          .where(
            and(
              inArray(
                outbox.id,
                entries.map((e) => e.id),
              ),
              eq(outbox.status, 'processing'),
              // One claim gave the batch one lease.
              eq(outbox.lockedUntil, entries[0]!.lockedUntil!),
            ),
          )
          .returning({ id: outbox.id });
        const ours = new Set(done.map((row) => row.id));
        const held = entries.filter((e) => ours.has(e.id));
        if (held.length) await handlers[action]!.handleBatch!(tx, held);
      });
    } catch (err) {
      if (entries.length === 1) await recordFailure(entries[0]!, err ?? new Error('batch failed'));
      else for (const entry of entries) await settleBatch(action, [entry]);
    }
  }

  async function recordFailure(entry: OutboxEntry, err: unknown): Promise<void> {
    const handler = handlers[entry.action]!;
    const retryable = !(err instanceof OutboxError) || err.retryable;
    const at = now();
    const isTooOld = at - entry.createdAt.getTime() >= o.maxAgeMs;
    const isFinal = !retryable || isTooOld || entry.attempts >= o.maxAttempts;
    const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const backoff = random() * Math.min(o.backoffCapMs, o.backoffBaseMs * 2 ** (entry.attempts - 1));
    const retryAfter = err instanceof OutboxError && err.retryAfterMs ? err.retryAfterMs : 0;
    const delay = Math.max(backoff, retryAfter);
    if (!isFinal && err instanceof OutboxError && handler.group) {
      // An outage or a 429 is the remote's, not this entry's: the whole group waits.
      pausedUntil.set(handler.group, Math.max(pausedUntil.get(handler.group) ?? 0, at + delay));
    }
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(outbox)
        .set({
          status: isFinal ? 'failed' : 'pending',
          nextAttemptAt: new Date(at + (isFinal ? 0 : delay)),
          lockedUntil: null,
          lastError,
        })
        .where(stillOurs(entry))
        .returning({ id: outbox.id });
      if (updated.length && isFinal) await handler.onFailed?.(tx, entry, lastError);
    });
    const context = {
      outboxId: entry.id,
      action: entry.action,
      subject: entry.subjectId,
      attempts: entry.attempts,
      error: lastError,
    };
    if (isFinal) log.error(context, 'outbox entry failed; an admin can retry it');
    else log.warn({ ...context, retryInMs: Math.round(delay) }, 'outbox entry failed; will retry');
  }

  async function run(entry: OutboxEntry): Promise<void> {
    const handler = handlers[entry.action]!;
    // Renewals and the final bookkeeping are serialised, so a renewal never races the settle.
    let chain: Promise<unknown> = Promise.resolve();
    const timer = setInterval(
      () => {
        chain = chain
          .then(() => renew(entry))
          .catch((err: unknown) => log.warn({ err, outboxId: entry.id }, 'lease renewal failed'));
      },
      Math.max(10, Math.floor(o.leaseMs / 3)),
    );
    let failure: unknown = null;
    try {
      await handler.handle(entry, { db, log, now });
    } catch (err) {
      failure = err ?? new Error('handler failed');
    } finally {
      clearInterval(timer);
    }
    await chain;
    if (failure) await recordFailure(entry, failure);
    // Work in the done transaction (onDone) that failed rolled back with it: a retry, like a handler's failure.
    else await settle(entry).catch((err: unknown) => recordFailure(entry, err ?? new Error('onDone failed')));
  }

  /**
   * One subject's claimed entries of a `handleMany` action: handed over together, the successes
   * marked done in one statement (those whose lease is still ours), each failure recorded.
   */
  async function runMany(entries: OutboxEntry[]): Promise<void> {
    const handler = handlers[entries[0]!.action]!;
    let chain: Promise<unknown> = Promise.resolve();
    const timer = setInterval(
      () => {
        chain = chain.then(() => renewMany(entries)).catch((err: unknown) => log.warn({ err }, 'lease renewal failed'));
      },
      Math.max(10, Math.floor(o.leaseMs / 3)),
    );
    let outcomes: unknown[];
    try {
      outcomes = await handler.handleMany!(entries, { db, log, now, concurrency: o.concurrency });
    } catch (err) {
      outcomes = entries.map(() => err ?? new Error('handler failed'));
    } finally {
      clearInterval(timer);
    }
    await chain;
    const succeeded = entries.filter((_, i) => outcomes[i] === undefined);
    for (const group of groupByLease(succeeded)) {
      await db
        .update(outbox)
        .set({ status: 'done', lockedUntil: null, lastError: null })
        .where(
          and(
            inArray(
              outbox.id,
              group.map((e) => e.id),
            ),
            eq(outbox.status, 'processing'),
            eq(outbox.lockedUntil, group[0]!.lockedUntil!),
          ),
        );
    }
    for (const [i, entry] of entries.entries()) {
      if (outcomes[i] !== undefined) await recordFailure(entry, outcomes[i] ?? new Error('handler failed'));
    }
  }

  /** Extends the lease of entries in hand together; those no longer ours keep their old lease (and are not settled). */
  async function renewMany(entries: OutboxEntry[]): Promise<void> {
    const lockedUntil = new Date(now() + o.leaseMs);
    for (const group of groupByLease(entries)) {
      const renewed = await db
        .update(outbox)
        .set({ lockedUntil })
        .where(
          and(
            inArray(
              outbox.id,
              group.map((e) => e.id),
            ),
            eq(outbox.status, 'processing'),
            eq(outbox.lockedUntil, group[0]!.lockedUntil!),
          ),
        )
        .returning({ id: outbox.id });
      const ours = new Set(renewed.map((row) => row.id));
      for (const entry of group) if (ours.has(entry.id)) entry.lockedUntil = lockedUntil;
    }
  }

  /**
   * The due entries of `handleMany` actions, a subject's batch at a time, subjects side by side:
   * while one subject's batch is in hand, claims go on for the others. Resolves once nothing more
   * is due and every batch in hand is settled, with how many entries it handled.
   */
  async function processMany(): Promise<number> {
    if (!manyActions.length) return 0;
    const inHand = new Map<string, Promise<void>>();
    let handled = 0;
    while (!opts.shouldStop?.()) {
      const claimed = await claim(o.batchSize, manyActions, [...inHand.keys()]);
      handled += claimed.length;
      for (const [subject, entries] of groupBy(claimed, (e) => e.subjectId ?? '')) {
        const lane = runMany(entries)
          .catch((err: unknown) => log.error({ err, subject }, 'outbox batch failed; its leases run out and it is retried'))
          .finally(() => inHand.delete(subject));
        inHand.set(subject, lane);
      }
      if (claimed.length) continue;
      if (!inHand.size) break;
      await Promise.race(inHand.values());
    }
    await Promise.all(inHand.values());
    return handled;
  }

  return {
    /** Works through every due entry, a batch at a time; resolves with how many it handled. */
    async processDue(): Promise<number> {
      let handled = 0;
      while (!opts.shouldStop?.()) {
        const isQuiet = (await opts.waitForQuiet?.()) ?? true;
        const batch = await claim(isQuiet ? o.batchSize : Math.min(o.batchSize, o.busyBatchSize), batchActions);
        for (const action of new Set(batch.map((e) => e.action))) {
          await settleBatch(
            action,
            batch.filter((e) => e.action === action),
          );
        }
        const many = await processMany();
        const singles = await claim(o.concurrency, singleActions);
        await Promise.all(singles.map((entry) => run(entry)));
        if (!batch.length && !singles.length && !many) break;
        handled += batch.length + singles.length + many;
      }
      return handled;
    },
  };
}

/** Entries by the lease they hold (one claim gives its entries one lease). */
function groupByLease(entries: OutboxEntry[]): OutboxEntry[][] {
  return [...groupBy(entries, (e) => e.lockedUntil?.getTime() ?? 0).values()];
}

function groupBy<K>(entries: OutboxEntry[], key: (entry: OutboxEntry) => K): Map<K, OutboxEntry[]> {
  const groups = new Map<K, OutboxEntry[]>();
  for (const entry of entries) {
    const k = key(entry);
    const group = groups.get(k);
    if (group) group.push(entry);
    else groups.set(k, [entry]);
  }
  return groups;
}

export interface OutboxWorkerOptions extends Omit<OutboxProcessorOptions, 'shouldStop'> {
  pollIntervalMs?: number;
}

export interface OutboxWorker {
  /** Stops polling and waits for the entries in hand; unfinished work stays in the database. */
  stop(): Promise<void>;
  /** When the loop last showed it is alive (each pass and each batch beat), for /readyz. */
  heartbeat(): { lastBeatAt: number; isRunning: boolean };
}

/** Polls the outbox (and wakes at once when this process enqueues) until stopped. Never throws: errors are logged. */
export function startOutboxWorker(db: Database, opts: OutboxWorkerOptions): OutboxWorker {
  const pollIntervalMs = opts.pollIntervalMs ?? 1_000;
  let isStopping = false;
  let isNudged = false;
  let wake: (() => void) | null = null;
  let lastBeatAt = Date.now();
  let isRunning = true;
  const processor = createOutboxProcessor(db, {
    ...opts,
    shouldStop: () => {
      lastBeatAt = Date.now();
      return isStopping;
    },
  });
  const unsubscribe = onOutboxChange(db, () => {
    isNudged = true;
    wake?.();
  });

  const loop = (async () => {
    while (!isStopping) {
      lastBeatAt = Date.now();
      try {
        await processor.processDue();
      } catch (err) {
        opts.log.error({ err }, 'outbox worker pass failed; retrying on the next poll');
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
    isRunning = false;
  })();

  return {
    async stop() {
      isStopping = true;
      unsubscribe();
      wake?.();
      await loop;
    },
    heartbeat: () => ({ lastBeatAt, isRunning }),
  };
}

/** Failed entries matching the filter go back to pending with a fresh budget; answers their ids. */
export async function retryFailedEntries(
  db: Database,
  filter: { actions?: string[]; leadIds?: number[] } = {},
  onRetried?: (tx: Parameters<Parameters<Database['transaction']>[0]>[0], entries: OutboxEntry[]) => Promise<void>,
): Promise<number> {
  const at = new Date();
  const count = await db.transaction(async (tx) => {
    const rows = await tx
      .update(outbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: at, createdAt: at, lockedUntil: null })
      .where(
        and(
          eq(outbox.status, 'failed'),
          filter.actions ? inArray(outbox.action, filter.actions) : undefined,
          filter.leadIds ? inArray(outbox.leadId, filter.leadIds.length ? filter.leadIds : [-1]) : undefined,
        ),
      )
      .returning();
    if (rows.length) await onRetried?.(tx, rows);
    return rows.length;
  });
  if (count) notifyOutbox(db);
  return count;
}
