import { AsyncLocalStorage } from 'node:async_hooks';
import { PgTransaction } from 'drizzle-orm/pg-core';

/**
 * Work that must follow a commit, never precede it: telling every instance's session cache that a
 * user or their sessions changed (lib/session-evictions.ts). A function that changes something
 * registers the work on the executor it writes with, so no caller can forget it: on the database
 * itself (a statement that has committed when it returns) the work runs at once; inside a
 * transaction it runs once `db.transaction` has committed, and not at all when it rolls back.
 */

type Task<Db> = (db: Db) => Promise<void> | void;
interface Pending {
  db: object;
  tasks: Task<never>[];
}

const pending = new AsyncLocalStorage<Pending>();
const tracked = new WeakSet<object>();

interface Transactional {
  transaction: (...args: never[]) => Promise<unknown>;
}

/** Makes the database's `transaction` run what `afterCommit` registered inside it, once committed. Idempotent. */
export function trackCommits<Db extends Transactional>(db: Db): Db {
  if (tracked.has(db)) return db;
  tracked.add(db);
  const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  const tracking = async (...args: unknown[]) => {
    const state: Pending = { db, tasks: [] };
    const result = await pending.run(state, () => transaction(...args));
    for (const task of state.tasks) await (task as Task<Db>)(db);
    return result;
  };
  db.transaction = tracking;
  return db;
}

/**
 * Runs `task` with the database once what `executor` wrote is committed: at once for the database
 * itself, after the commit for a transaction opened by a tracked database. A transaction from
 * anywhere else throws, so the work cannot silently be lost.
 */
export async function afterCommit<Db extends object>(executor: object, task: Task<Db>): Promise<void> {
  if (!(executor instanceof PgTransaction)) return task(executor as Db);
  const state = pending.getStore();
  if (!state) throw new Error('afterCommit: a transaction that was not opened by a database passed to trackCommits');
  state.tasks.push(task);
}
