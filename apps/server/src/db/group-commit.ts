import { createHash } from 'node:crypto';
import { parse, PGlite, protocol } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './index';

type Row = Record<string, unknown>;

const dialect = new PgDialect();
const { serialize } = protocol;

/**
 * Runs one statement as its own durable commit and answers its rows once committed. On PostgreSQL
 * it is the pool's named prepared statement (one per text, so a statement that differs only in its
 * parameters is planned once per connection). On the embedded database (PGlite), the statements
 * that arrive while one commit is in flight commit together in the next transaction, one fsync for
 * the group: PGlite runs on this process's one thread and syncs every commit, so 50 statements at
 * once would otherwise wait for 50 syncs in a row. Parameters always travel as parameters.
 */
export async function runCommitted(db: Database, statement: SQL | Query): Promise<Row[]> {
  const { text, params } = 'text' in statement ? statement : compileStatement(statement);
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return pgliteGroupOf(client).run({ text, params });
  if (client instanceof pg.Pool) return (await client.query<Row>({ name: preparedName(text), text, values: params })).rows;
  throw new Error('runCommitted: the database is neither a PostgreSQL pool nor PGlite');
}

/** A statement's name, from its text; the names of the few texts this runs are kept (a hash per lead showed in profiles). */
const preparedNames = new Map<string, string>();
function preparedName(text: string): string {
  let name = preparedNames.get(text);
  if (name) return name;
  name = `stmt_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
  if (preparedNames.size < 100) preparedNames.set(text, name);
  return name;
}

/** The most statements one group commit carries; the rest wait for the next. */
const MAX_GROUP = 64;

/** A statement's text and its parameters. */
export interface Query {
  text: string;
  params: unknown[];
}

/** A drizzle statement as text and parameters (a placeholder stays a slot for `fillPlaceholders`). */
export function compileStatement(statement: SQL): Query {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { text, params };
}

interface Waiting {
  query: Query;
  resolve: (rows: Row[]) => void;
  reject: (err: unknown) => void;
}

/** One statement's outcome in a group: its rows, or the error that statement alone met. */
type Outcome = { rows: Row[] } | { error: unknown };

/**
 * Group commit on PGlite. Each caller is answered only once its group has committed, so a 2xx
 * still means durable. A lone statement runs on its own, as it would without grouping; a group is
 * one transaction with each statement behind its own savepoint, so a statement that fails (a
 * duplicate email) takes nobody else with it. One group is in flight at a time.
 *
 * Each text is prepared once (the protocol's Parse with a name) and then only bound and executed
 * with its parameters: planning the lead's CTE cost more than running it. PGlite's query() cannot
 * name a statement, so this speaks the protocol through execProtocol, inside runExclusive so no
 * other query interleaves with the group's transaction.
 */
class PgliteGroupCommit {
  private waiting: Waiting[] = [];
  private isScheduled = false;
  /** The statement names prepared in this PGlite session (its only one). */
  private prepared = new Set<string>();

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
      const outcomes = await this.client.runExclusive(() => this.commit(group.map((w) => w.query)));
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

  private async commit(queries: Query[]): Promise<Outcome[]> {
    if (queries.length === 1) {
      return [
        await this.execute(queries[0]!, true).then(
          (rows) => ({ rows }),
          (error: unknown) => ({ error }),
        ),
      ];
    }
    // A statement of a group rarely fails (a lead's duplicate email is ON CONFLICT DO NOTHING), so the
    // group first runs as one plain transaction: a savepoint and its release around each statement
    // were two protocol rounds of three per lead. If a statement fails, that transaction is rolled back
    // and the group runs again with each statement behind its own savepoint.
    await this.simple('begin');
    const rows: Row[][] = [];
    try {
      for (const query of queries) rows.push(await this.execute(query, false));
    } catch {
      await this.simple('rollback');
      return this.commitEach(queries);
    }
    await this.simple('commit', true);
    return rows.map((r) => ({ rows: r }));
  }

  /** The group again, each statement behind a savepoint, so one that fails takes nobody else with it. */
  private async commitEach(queries: Query[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    await this.simple('begin');
    try {
      for (const query of queries) {
        await this.simple('savepoint grouped_statement');
        try {
          outcomes.push({ rows: await this.execute(query, false) });
          await this.simple('release savepoint grouped_statement');
        } catch (error) {
          await this.simple('rollback to savepoint grouped_statement');
          outcomes.push({ error });
        }
      }
    } catch (err) {
      await this.simple('rollback');
      throw err;
    }
    await this.simple('commit', true);
    return outcomes;
  }

  private async simple(text: string, syncToFs = false): Promise<void> {
    await this.client.execProtocol(serialize.query(text), { syncToFs });
  }

  /** Binds and runs the query's prepared statement (prepared on first use), answering its rows. */
  private async execute(query: Query, syncToFs: boolean): Promise<Row[]> {
    const name = preparedName(query.text);
    if (!this.prepared.has(name)) {
      await this.client.execProtocol(concat(serialize.parse({ name, text: query.text }), serialize.sync()), { syncToFs: false });
      this.prepared.add(name);
    }
    return runPrepared(this.client, name, query.params, syncToFs);
  }
}

/**
 * Binds a statement prepared in this PGlite session to its parameters and runs it (one protocol
 * round: Bind, Describe, Execute, Sync), answering its rows. Outside a transaction block it commits.
 */
export async function runPrepared(client: PGlite, name: string, params: unknown[], syncToFs: boolean): Promise<Row[]> {
  const { messages } = await client.execProtocol(
    concat(
      serialize.bind({ statement: name, values: params.map(asText) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ),
    { syncToFs },
  );
  return parse.parseResults(messages, client.parsers)[0]?.rows ?? [];
}

/** A parameter in PostgreSQL's text format, as the server casts it to the type it inferred. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

const groups = new WeakMap<PGlite, PgliteGroupCommit>();

function pgliteGroupOf(client: PGlite): PgliteGroupCommit {
  let group = groups.get(client);
  if (!group) groups.set(client, (group = new PgliteGroupCommit(client)));
  return group;
}
