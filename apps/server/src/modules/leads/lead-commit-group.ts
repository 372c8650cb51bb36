import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db';

/** A statement as the driver takes it: its text (with $1, $2 ...) and its parameters. */
export interface DriverQuery {
  text: string;
  params: unknown[];
}

const dialect = new PgDialect();

/** Drizzle's SQL as the driver takes it (the text Drizzle itself would send). */
export function toDriverQuery(statement: SQL): DriverQuery {
  const { sql, params } = dialect.sqlToQuery(statement);
  return { text: sql, params };
}

/** The most statements one group commit carries; the rest wait for the next. */
const MAX_GROUP = 64;

interface Waiting {
  query: DriverQuery;
  resolve(rows: Record<string, unknown>[]): void;
  reject(err: unknown): void;
}

/**
 * Group commit for the embedded database. PGlite runs on this process's one thread and syncs every
 * commit on its own, so 50 leads at once wait for 50 syncs in a row. Here the statements that arrive
 * while one commit is in flight are written together in the next transaction, each behind its own
 * savepoint (a statement that fails takes nobody else with it), and each caller is answered only once
 * that transaction has committed: a 2xx still means the lead is durable.
 */
class CommitGroup {
  private waiting: Waiting[] = [];
  private isScheduled = false;

  constructor(private readonly client: PGlite) {}

  run(query: DriverQuery): Promise<Record<string, unknown>[]> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ query, resolve, reject });
      this.schedule();
    });
  }

  /**
   * The next group starts after the event loop has read what arrived meanwhile (setImmediate runs
   * after the poll phase): PGlite's work is synchronous, so requests pile up on their sockets while
   * a group commits, and are all queued here before the next group starts.
   */
  private schedule(): void {
    if (this.isScheduled) return;
    this.isScheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    const group = this.waiting.splice(0, MAX_GROUP);
    try {
      if (!group.length) return;
      if (group.length === 1) {
        // Alone: the statement is its own transaction, as it would be without grouping.
        const [lone] = group;
        await rowsOf(this.client, lone!.query).then(lone!.resolve, lone!.reject);
        return;
      }
      const outcomes = await this.client.transaction(async (tx) => {
        const results: ({ rows: Record<string, unknown>[] } | { error: unknown })[] = [];
        for (const { query } of group) {
          await tx.exec('savepoint grouped_lead');
          try {
            results.push({ rows: await rowsOf(tx, query) });
            await tx.exec('release savepoint grouped_lead');
          } catch (error) {
            await tx.exec('rollback to savepoint grouped_lead');
            results.push({ error });
          }
        }
        return results;
      });
      group.forEach((w, i) => {
        const outcome = outcomes[i]!;
        if ('error' in outcome) w.reject(outcome.error);
        else w.resolve(outcome.rows);
      });
    } catch (err) {
      // The commit itself failed (or a lone statement did): nobody in the group is stored.
      for (const w of group) w.reject(err);
    } finally {
      this.isScheduled = false;
      if (this.waiting.length) this.schedule();
    }
  }
}

async function rowsOf(tx: PGlite | Transaction, query: DriverQuery): Promise<Record<string, unknown>[]> {
  const result: Results<Record<string, unknown>> = await tx.query(query.text, query.params);
  return result.rows;
}

const groups = new WeakMap<PGlite, CommitGroup>();

/** The database's PGlite client, or null on PostgreSQL. */
export function pgliteClientOf(db: Database): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

/**
 * Runs one write statement on PGlite, grouped with the others arriving meanwhile (see CommitGroup),
 * answering its rows once their transaction has committed. PostgreSQL needs none of this: it commits
 * concurrent statements side by side (and groups their WAL flushes) on its own.
 */
export function runGroupCommitted(client: PGlite, query: DriverQuery): Promise<Record<string, unknown>[]> {
  let group = groups.get(client);
  if (!group) groups.set(client, (group = new CommitGroup(client)));
  return group.run(query);
}
