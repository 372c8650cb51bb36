import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/database-errors';
import { serverRoot } from '../server-root';
import { trackCommits } from './after-commit';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

/** Both drivers speak the same PostgreSQL dialect; code is written once against this type. */
export type Database = NodePgDatabase<typeof schema>;

/** An open transaction, as `db.transaction()` hands it to its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What every service takes: the database, or a transaction the caller opened, so that a change
 * and its record (audit row, lead event, outbox entry) commit together.
 */
export type DbExecutor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(serverRoot, 'drizzle');

/** In memory, optionally started from a PGlite data-directory dump (tests clone a migrated template). */
export type DatabaseTarget = { url: string } | { dataDir: string } | { memory: true; loadDataDir?: Blob };

export interface OpenDatabaseOptions {
  /** Told about connections the server dropped while idle (a restart); the pool replaces them. */
  onConnectionError?: (err: Error) => void;
}

/**
 * A node-postgres pool that rides out a server restart: every connection the server drops is
 * discarded and the next query opens a new one. postgres.js (used before) crashed the process on
 * a restart (a write scheduled on a socket it had already nulled; porsager/postgres#1154, #1208).
 */
export function createPool(url: string, opts: OpenDatabaseOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  const onError = (err: Error) => opts.onConnectionError?.(err);
  // An 'error' event without a listener throws, and pg emits one when the server ends a
  // connection that is idle in the pool or checked out between two queries of a transaction.
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

/**
 * PGlite's start parameters with a smaller buffer cache. PostgreSQL's default shared_buffers
 * (128 MB) lives inside PGlite's WebAssembly memory, which only grows: an idle embedded server held
 * 400 MB (850-900 MB after load) against 190 MB for the same app on a PostgreSQL server. 8 MB
 * brings an idle restarted server under 300 MB; reads that miss it come from the operating system's
 * file cache. Durability is untouched: this is a cache size, WAL and syncs stay as they were.
 */
export const PGLITE_SHARED_BUFFERS = '8MB';
/** Extensions the migrations create (PostgreSQL ships them; PGlite loads them on demand), and the start parameters. */
export const pgliteOptions: PGliteOptions = {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
};

/**
 * Creates and migrates the cluster of an empty data directory in a process of its own (db/create-cluster.ts),
 * so the memory that costs is handed back when it exits. It sits beside this module, as TypeScript
 * run through tsx in the sources and as JavaScript beside dist/server.js in the bundle (build.mjs).
 */
async function createCluster(dir: string): Promise<void> {
  const self = fileURLToPath(import.meta.url);
  const script = path.join(path.dirname(self), `create-cluster${path.extname(self)}`);
  const execArgv = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  await promisify(execFile)(process.execPath, [...execArgv, script, dir]);
}

/** Opens the embedded PGlite (on disk or in memory) or a PostgreSQL server, and migrates it. */
export async function openDatabase(target: DatabaseTarget, opts: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if ('url' in target) {
    const pool = createPool(target.url, opts);
    const db = drizzleNodePg(pool, { schema });
    try {
      await migrateNodePg(db, { migrationsFolder });
    } catch (err) {
      await pool.end();
      throw err;
    }
    return { db: trackCommits(db), kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite | undefined;
  // Never two processes in one data directory (data-dir-lock.ts): refused here, before PGlite reads a page.
  let unlock = () => {};
  try {
    if ('dataDir' in target) {
      unlock = lockDataDir(target.dataDir);
      const dir = path.join(target.dataDir, 'pgdata');
      if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
        fs.mkdirSync(dir, { recursive: true });
        await createCluster(dir);
      }
      client = new PGlite(dir, pgliteOptions);
    } else {
      client = new PGlite({ ...pgliteOptions, loadDataDir: target.loadDataDir });
    }
    const opened = client;
    const db = drizzlePglite(opened, { schema });
    await migratePglite(db, { migrationsFolder });
    const close = async () => {
      try {
        await opened.close();
      } finally {
        unlock();
      }
    };
    return { db: trackCommits(db as unknown as Database), kind: 'pglite', close };
  } catch (err) {
    // The files are released only once this process has stopped using them.
    await client?.close().catch(() => {});
    unlock();
    throw err;
  }
}

/**
 * openDatabase, waiting for a PostgreSQL server that is not reachable yet (starting, restarting)
 * instead of failing start-up: retried with backoff up to `maxDelayMs`; any other error is thrown.
 */
export async function openDatabaseWhenReachable(
  target: DatabaseTarget,
  opts: OpenDatabaseOptions & { onRetry?: (err: unknown, delayMs: number) => void; maxDelayMs?: number } = {},
): Promise<DatabaseHandle> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await openDatabase(target, opts);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const delayMs = Math.min(opts.maxDelayMs ?? 30_000, 500 * 2 ** attempt);
      opts.onRetry?.(err, delayMs);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
