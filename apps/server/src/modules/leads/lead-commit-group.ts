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
 * Runs the lead's statement in a durable commit and answers its rows once committed, grouped with
 * the leads arriving meanwhile: on PGlite (PgliteCommitGroup) and on PostgreSQL (PoolCommitGroup).
 * `lockOrder` says which partner's rows the statement locks (its partner id or link): a group runs
 * its statements in that order, so two instances' groups take the same partners' rows in the same
 * order and do not deadlock on them. (A partner named by id in one group and by link in the other
 * can still be taken in opposite orders: PostgreSQL then fails one group with a deadlock, and its
 * statements run again one by one.)
 */
export async function runLeadStatement(db: Database, query: DriverQuery, lockOrder = ''): Promise<Row[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite || client instanceof pg.Pool) return commitGroupOf(client).run(query, lockOrder);
  throw new Error('lead statement: the database is neither a PostgreSQL pool nor PGlite');
}

/** The most statements one group commit carries; the rest wait for the next. */
const MAX_GROUP = 64;

interface Waiting {
  query: DriverQuery;
  lockOrder: string;
  resolve: (rows: Row[]) => void;
  reject: (err: unknown) => void;
}

/** One statement's outcome in a group: its rows, or the error that statement alone met. */
type Outcome = { rows: Row[] } | { error: unknown };

/**
 * Group commit. The lead statements that arrive while one commit is in flight are written together
 * in the next transaction, and each caller is answered only once that transaction has committed: a
 * 2xx still means the lead is durable. A lone statement runs on its own, as it would without
 * grouping, so a quiet server answers as fast as before. One group is in flight at a time, which
 * also keeps two groups from taking the same roll-up rows in opposite orders.
 */
abstract class CommitGroup {
  private waiting: Waiting[] = [];
  private isScheduled = false;

  run(query: DriverQuery, lockOrder: string): Promise<Row[]> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ query, lockOrder, resolve, reject });
      this.schedule();
    });
  }

  /** Runs one statement as its own transaction. */
  protected abstract commitAlone(query: DriverQuery): Promise<Row[]>;

  /** Runs several statements in one transaction: an outcome for each, in order, or throws when the commit failed. */
  protected abstract commitTogether(queries: DriverQuery[]): Promise<Outcome[]>;

  /**
   * The next group starts after the event loop has read what arrived meanwhile (setImmediate runs
   * after the poll phase), so the requests that piled up on their sockets during a commit are all
   * queued here before the next group starts.
   */
  private schedule(): void {
    if (this.isScheduled) return;
    this.isScheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    const group = this.waiting.splice(0, MAX_GROUP).sort((a, b) => compare(a.lockOrder, b.lockOrder));
    try {
      if (group.length === 1) {
        const lone = group[0]!;
        await this.commitAlone(lone.query).then(lone.resolve, lone.reject);
      } else if (group.length > 1) {
        const outcomes = await this.commitTogether(group.map((w) => w.query));
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

/**
 * The embedded database runs on this process's one thread and syncs every commit on its own, so 50
 * leads at once would wait for 50 syncs in a row. A group is one transaction with each statement
 * behind its own savepoint: a statement that fails takes nobody else with it.
 */
class PgliteCommitGroup extends CommitGroup {
  /** Statements prepared in this PGlite session (its only one), by name: whether that worked. */
  private prepared = new Map<string, Promise<boolean>>();

  constructor(private readonly client: PGlite) {
    super();
  }

  protected async commitAlone(query: DriverQuery): Promise<Row[]> {
    return rowsOf(this.client, await this.executable(query));
  }

  protected async commitTogether(queries: DriverQuery[]): Promise<Outcome[]> {
    const executables: DriverQuery[] = [];
    for (const query of queries) executables.push(await this.executable(query));
    return this.client.transaction(async (tx) => {
      const outcomes: Outcome[] = [];
      for (const query of executables) {
        await tx.exec('savepoint grouped_lead');
        try {
          outcomes.push({ rows: await rowsOf(tx, query) });
          await tx.exec('release savepoint grouped_lead');
        } catch (error) {
          await tx.exec('rollback to savepoint grouped_lead');
          outcomes.push({ error });
        }
      }
      return outcomes;
    });
  }

  /**
   * The statement as `execute <prepared>(<literals>)`: PGlite's query() cannot name a statement,
   * so the text is prepared once with SQL's PREPARE. Values that are not plain scalars, or a text
   * that cannot be prepared, run as is.
   */
  private async executable(query: DriverQuery): Promise<DriverQuery> {
    const text = executeText(query);
    if (!text) return query;
    let prepared = this.prepared.get(query.name);
    if (!prepared) {
      prepared = this.client.exec(`prepare ${query.name} as ${query.text}`).then(
        () => true,
        () => false,
      );
      this.prepared.set(query.name, prepared);
    }
    return (await prepared) ? { text, params: [], name: query.name } : query;
  }
}

/**
 * On PostgreSQL a lone statement is the pool's named prepared statement. A group is one round trip:
 * its statements as `execute`s of a statement prepared on that connection, sent together as one
 * simple query, which PostgreSQL runs as one transaction (one commit, one WAL flush, the partner's
 * roll-up row locked once). If one of them fails, the whole transaction is rolled back and each
 * statement runs again on its own, so the error reaches only the caller whose statement met it. Per
 * lead, that costs PostgreSQL about half the CPU of a commit per lead.
 */
class PoolCommitGroup extends CommitGroup {
  /** The statements prepared (with SQL's PREPARE) on each of the pool's connections, by name. */
  private prepared = new WeakMap<pg.PoolClient, Set<string>>();

  constructor(private readonly pool: pg.Pool) {
    super();
  }

  protected async commitAlone(query: DriverQuery): Promise<Row[]> {
    return (await this.pool.query<Row>({ name: query.name, text: query.text, values: query.params })).rows;
  }

  protected async commitTogether(queries: DriverQuery[]): Promise<Outcome[]> {
    const texts = queries.map((query) => executeText(query, groupedName(query.name)));
    if (texts.some((text) => text === null)) return this.eachAlone(queries);
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      const known = this.prepared.get(client) ?? new Set<string>();
      this.prepared.set(client, known);
      for (const query of queries) {
        const name = groupedName(query.name);
        if (known.has(name)) continue;
        await client.query(`prepare ${name} as ${query.text}`);
        known.add(name);
      }
      const results = (await client.query<Row>(texts.join(';\n'))) as unknown as pg.QueryResult<Row> | pg.QueryResult<Row>[];
      return (Array.isArray(results) ? results : [results]).map((result) => ({ rows: result.rows }));
    } catch (err) {
      if (!isStatementError(err)) {
        broken = err as Error;
        throw err;
      }
    } finally {
      client.release(broken);
    }
    return this.eachAlone(queries);
  }

  private async eachAlone(queries: DriverQuery[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    for (const query of queries) {
      outcomes.push(
        await this.commitAlone(query).then(
          (rows) => ({ rows }),
          (error: unknown) => ({ error }),
        ),
      );
    }
    return outcomes;
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Distinct from the name the driver prepares the same text under on the same connection. */
const groupedName = (name: string) => `${name}_grouped`;

/**
 * An error PostgreSQL reported for a statement (its transaction rolled back), as opposed to a lost
 * connection or a server going away (SQLSTATE classes 08, 57P and 53), after which nothing is retried.
 */
function isStatementError(err: unknown): boolean {
  return err instanceof pg.DatabaseError && typeof err.code === 'string' && !/^(08|57P|53)/.test(err.code);
}

/**
 * `execute <name>(<literals>)` for a statement whose values are plain scalars, which PostgreSQL casts
 * to the types it inferred at PREPARE (as it does with text parameters); null for any other value.
 */
function executeText(query: DriverQuery, name = query.name): string | null {
  if (!query.params.every(isLiteralSafe)) return null;
  const args = query.params.map((v) => (v === null || v === undefined ? 'null' : pg.escapeLiteral(String(v))));
  return `execute ${name}(${args.join(', ')})`;
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

const groups = new WeakMap<PGlite | pg.Pool, CommitGroup>();

function commitGroupOf(client: PGlite | pg.Pool): CommitGroup {
  let group = groups.get(client);
  if (!group) {
    group = client instanceof PGlite ? new PgliteCommitGroup(client) : new PoolCommitGroup(client);
    groups.set(client, group);
  }
  return group;
}
