import { createHash } from 'node:crypto';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { is, Param, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from '../../db';

/** A statement as the driver takes it: its text (with $1, $2 ...), its parameters and the name it is prepared under. */
export interface DriverQuery {
  text: string;
  params: unknown[];
  name: string;
}

type Row = Record<string, unknown>;

const dialect = new PgDialect();

/**
 * A statement built once, with placeholders (`sql.placeholder`) where its values go: its text, the
 * name it is prepared under, and a function that gives one run's parameters from that run's values.
 */
export interface PreparedLeadStatement {
  text: string;
  name: string;
  bind(values: Record<string, unknown>): DriverQuery;
}

/**
 * Turns Drizzle's SQL into text once, so a submission only binds its values: rebuilding the lead's
 * CTE (the contributors' SQL included) on every request was about a fifth of a lead's CPU in Node.
 * Each parameter becomes a slot: a constant, a placeholder's value, or a placeholder's value through
 * its column's encoder (a Date to text, an object to JSON), as Drizzle would have mapped it.
 */
export function prepareLeadStatement(statement: SQL): PreparedLeadStatement {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const slots = params.map((param): ((values: Record<string, unknown>) => unknown) => {
    if (is(param, Placeholder)) return (values) => valueOf(values, param.name);
    if (is(param, Param) && is(param.value, Placeholder)) {
      const { name } = param.value;
      const { encoder } = param;
      return (values) => {
        const value = valueOf(values, name);
        return value === null || value === undefined ? null : encoder.mapToDriverValue(value);
      };
    }
    return () => param;
  });
  const name = preparedName(text);
  return { text, name, bind: (values) => ({ text, name, params: slots.map((slot) => slot(values)) }) };
}

function valueOf(values: Record<string, unknown>, name: string): unknown {
  if (!(name in values)) throw new Error(`lead statement: no value for placeholder "${name}"`);
  return values[name];
}

/**
 * The name a statement is prepared under: one per text, so the same lead statement is parsed and
 * planned once per connection instead of on every submission (planning the CTE cost more than
 * running it).
 */
const preparedName = (text: string) => `lead_insert_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

/**
 * Runs the lead's statement in its own durable commit and answers its rows once committed: on
 * PostgreSQL as a named prepared statement of the pool's connection; on PGlite grouped with the
 * leads arriving meanwhile (CommitGroup).
 */
export async function runLeadStatement(db: Database, query: DriverQuery): Promise<Row[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return commitGroupOf(client).run(query);
  if (client instanceof pg.Pool)
    return (await client.query<Row>({ name: query.name, text: query.text, values: query.params })).rows;
  throw new Error('lead statement: the database is neither a PostgreSQL pool nor PGlite');
}

/** The most statements one group commit carries; the rest wait for the next. */
const MAX_GROUP = 64;

interface Waiting {
  query: DriverQuery;
  resolve(rows: Row[]): void;
  reject(err: unknown): void;
}

/**
 * Group commit for the embedded database. PGlite runs on this process's one thread and syncs every
 * commit on its own, so 50 leads at once wait for 50 syncs in a row. Here the statements that arrive
 * while one commit is in flight are written together in the next transaction, each behind its own
 * savepoint (a statement that fails takes nobody else with it), and each caller is answered only once
 * that transaction has committed: a 2xx still means the lead is durable. A lone statement runs on
 * its own, as before.
 */
class CommitGroup {
  private waiting: Waiting[] = [];
  private isScheduled = false;
  /** Statements prepared in this PGlite session (its only one), by name: whether that worked. */
  private prepared = new Map<string, Promise<boolean>>();

  constructor(private readonly client: PGlite) {}

  run(query: DriverQuery): Promise<Row[]> {
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
      const queries: DriverQuery[] = [];
      for (const w of group) queries.push(await this.executable(w.query));
      if (group.length === 1) {
        // Alone: the statement is its own transaction, as it would be without grouping.
        const lone = group[0]!;
        await rowsOf(this.client, queries[0]!).then(
          (rows) => lone.resolve(rows),
          (err: unknown) => lone.reject(err),
        );
        return;
      }
      const outcomes = await this.client.transaction(async (tx) => {
        const results: ({ rows: Row[] } | { error: unknown })[] = [];
        for (const query of queries) {
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
      // The commit itself failed: nobody in the group is stored.
      for (const w of group) w.reject(err);
    } finally {
      this.isScheduled = false;
      if (this.waiting.length) this.schedule();
    }
  }

  /**
   * The statement as `execute <prepared>(<literals>)`: PGlite's query() cannot name a statement,
   * so the text is prepared once with SQL's PREPARE and its parameters are passed as quoted
   * literals, which PostgreSQL casts to the types it inferred at PREPARE (as it does with text
   * parameters). Values that are not plain scalars, or a text that cannot be prepared, run as is.
   */
  private async executable(query: DriverQuery): Promise<DriverQuery> {
    if (!query.params.every(isLiteralSafe)) return query;
    const { name } = query;
    let prepared = this.prepared.get(name);
    if (!prepared) {
      prepared = this.client.exec(`prepare ${name} as ${query.text}`).then(
        () => true,
        () => false,
      );
      this.prepared.set(name, prepared);
    }
    if (!(await prepared)) return query;
    const args = query.params.map((v) => (v === null || v === undefined ? 'null' : pg.escapeLiteral(String(v))));
    return { text: `execute ${name}(${args.join(', ')})`, params: [], name };
  }
}

/** Strings (without NUL, which no text column takes), numbers, booleans and nulls. */
function isLiteralSafe(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return !value.includes('\0');
  return typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint';
}

async function rowsOf(tx: PGlite | Transaction, query: DriverQuery): Promise<Row[]> {
  const result: Results<Row> = await tx.query(query.text, query.params);
  return result.rows;
}

const groups = new WeakMap<PGlite, CommitGroup>();

function commitGroupOf(client: PGlite): CommitGroup {
  let group = groups.get(client);
  if (!group) groups.set(client, (group = new CommitGroup(client)));
  return group;
}
