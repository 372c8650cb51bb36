import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbExecutor, Transaction } from '../../db';
import { outbox } from '../../db/schema';

export type OutboxEntry = typeof outbox.$inferSelect;

export interface OutboxHandlerContext {
  db: Database;
  log: FastifyBaseLogger;
  now: () => number;
}

/**
 * What runs an outbox action. `handle` may be called more than once for one entry (a worker can die
 * after the side effect and before recording it), so it records each step it completes and checks
 * before repeating one. Throwing schedules a retry; an `OutboxError` that is not retryable fails the
 * entry at once.
 */
export interface OutboxHandler {
  /** Entries of one group pause together: a 429 or an outage of the CRM stops every CRM action. */
  group?: string;
  handle(entry: OutboxEntry, ctx: OutboxHandlerContext): Promise<void>;
  /** Runs in the transaction that marks the entry done. */
  onDone?(tx: Transaction, entry: OutboxEntry): Promise<void>;
  /** Runs in the transaction that marks the entry failed for good (until an admin retries it). */
  onFailed?(tx: Transaction, entry: OutboxEntry, error: string): Promise<void>;
  /** Set by `batchHandler`: the worker then handles the action's entries in batches, never one by one. */
  handleBatch?(tx: Transaction, entries: OutboxEntry[]): Promise<void>;
  /**
   * Side effects that go well together (webhook deliveries): the worker claims the due entries of
   * one subject in one statement and hands them over at once; the answer holds, in order, each
   * entry's failure or `undefined` for success, and the successes are marked done in one statement.
   * Subjects are handled side by side, one batch per subject at a time, so a subject that is slow
   * (a receiver that hangs) holds up only its own entries. `concurrency` is the worker's.
   */
  handleMany?(entries: OutboxEntry[], ctx: OutboxHandlerContext & { concurrency: number }): Promise<unknown[]>;
}

/**
 * An action whose whole work is database writes (a new lead's fan-out, the daily counts): the
 * worker claims its due entries in batches and hands each batch over in the one transaction that
 * marks the batch done, so the work happens exactly once for many entries at the cost of one
 * commit. If that transaction fails, each entry is tried again alone, so one bad entry fails only
 * itself.
 */
export function batchHandler(handleBatch: (tx: Transaction, entries: OutboxEntry[]) => Promise<void>): OutboxHandler {
  return {
    handle() {
      throw new Error('this action is handled in batches (handleBatch), in the transaction that marks them done');
    },
    handleBatch,
  };
}

export type OutboxHandlers = Record<string, OutboxHandler>;

/**
 * A failed side effect. `retryable` for outages (5xx, 429, time-outs, network); a rejected request
 * would fail the same way again. `retryAfterMs` when the remote said when to come back: the whole
 * group pauses until then.
 */
export class OutboxError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'OutboxError';
  }
}

/** The handlers of one app: modules register theirs while the app is built; the worker runs them. */
export interface OutboxRegistry {
  readonly handlers: OutboxHandlers;
  register(action: string, handler: OutboxHandler): void;
}

export function createOutboxRegistry(): OutboxRegistry {
  const handlers: OutboxHandlers = {};
  return {
    handlers,
    register(action, handler) {
      if (handlers[action]) throw new Error(`outbox action ${action} is registered twice`);
      handlers[action] = handler;
    },
  };
}

export interface EnqueueInput {
  action: string;
  subjectType: string;
  subjectId: string;
  /** Set when the subject is a lead or belongs to one: deleting the lead removes the entry. */
  leadId?: number | null;
  payload?: Record<string, unknown>;
  /** One entry per key, ever: enqueuing the same key again is a no-op ("sent once per event"). */
  dedupeKey?: string;
  at?: Date;
}

/** Adds work to the outbox inside the caller's transaction, so the work exists exactly when the change does. */
export async function enqueue(tx: DbExecutor, input: EnqueueInput | EnqueueInput[]): Promise<void> {
  const rows = (Array.isArray(input) ? input : [input]).map((item) => ({
    action: item.action,
    subjectType: item.subjectType,
    subjectId: item.subjectId,
    leadId: item.leadId ?? null,
    payload: item.payload ?? {},
    dedupeKey: item.dedupeKey ?? null,
    // Due from this process's clock, in milliseconds like the claim's: the database's now() has
    // microseconds and would make an entry enqueued in the same millisecond not yet due.
    nextAttemptAt: item.at ?? new Date(),
    ...(item.at ? { createdAt: item.at } : {}),
  }));
  if (rows.length) await tx.insert(outbox).values(rows).onConflictDoNothing({ target: outbox.dedupeKey });
}
