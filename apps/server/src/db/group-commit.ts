import { createHash } from 'node:crypto';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './index';

type Row = Record<string, unknown>;

const dialect = new PgDialect();

/**
 * Runs one statement as its own durable commit and answers its rows once committed. On PostgreSQL
 * it is the pool's named prepared statement (one per text, so a statement that differs only in its
 * parameters is planned once per connection). On the embedded database (PGlite), the statements
 * that arrive while one commit is in flight commit together in the next transaction, one fsync for
 * the group: PGlite runs on this process's one thread and syncs every commit, so 50 statements at
 * once would otherwise wait for 50 syncs in a row. Parameters always travel as parameters.
 */
export async function runCommitted(db: Database, statement: SQL): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return pgliteGroupOf(client).run({ text, params });
  if (client instanceof pg.Pool) return (await client.query<Row>({ name: preparedName(text), text, values: params })).rows;
  throw new Error('runCommitted: the database is neither a PostgreSQL pool nor PGlite');
}

const preparedName = (text: string) => `stmt_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

/** The most statements one group commit carries; the rest wait for the next. */
const MAX_GROUP = 64;

interface Query {
  text: string;
  params: unknown[];
}

interface Waiting {
  query: Query;
  resolve: (rows: Row[]) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit on PGlite. Each caller is answered only once its group has committed, so a 2xx
 * still means durable. A lone statement runs on its own, as it would without grouping; a group is
 * one transaction with each statement behind its own savepoint, so a statement that fails (a
 * duplicate email) takes nobody else with it. One group is in flight at a time.
 */
class PgliteGroupCommit {
  private waiting: Waiting[] = [];
  private isScheduled = false;

  constructor(private readonly client: PGlite) {}

  run(query: Query): Promise<Row[]> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ query, resolve, reject });
      this.schedule();
    });
  }

  /**
   * The next group starts after the event loop has read what arrived meanwhile (setImmediate runs
   * after the poll phase), so the requests that piled up during a commit all join it.
   */
  private schedule(): void {
    if (this.isScheduled) return;
    this.isScheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    const group = this.waiting.splice(0, MAX_GROUP);
    try {
      if (group.length === 1) {
        const lone = group[0]!;
        await rowsOf(this.client, lone.query).then(lone.resolve, lone.reject);
      } else if (group.length > 1) {
        const outcomes = await this.client.transaction(async (tx) => {
          const results: ({ rows: Row[] } | { error: unknown })[] = [];
          for (const { query } of group) {
            await tx.exec('savepoint grouped_statement');
            try {
              results.push({ rows: await rowsOf(tx, query) });
              await tx.exec('release savepoint grouped_statement');
            } catch (error) {
              await tx.exec('rollback to savepoint grouped_statement');
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
      }
    } catch (err) {
      // The commit itself failed: nobody in the group is stored.
      for (const w of group) w.reject(err);
    } finally {
      this.isScheduled = false;
      if (this.waiting.length) this.schedule();
    }
  }
}

async function rowsOf(tx: PGlite | Transaction, query: Query): Promise<Row[]> {
  return (await tx.query<Row>(query.text, query.params)).rows;
}

const groups = new WeakMap<PGlite, PgliteGroupCommit>();

function pgliteGroupOf(client: PGlite): PgliteGroupCommit {
  let group = groups.get(client);
  if (!group) groups.set(client, (group = new PgliteGroupCommit(client)));
  return group;
}
