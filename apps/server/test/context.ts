import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db';
import type { Mail, Mailer } from '../src/lib/mailer';

export interface CapturingMailer extends Mailer {
  sent: Mail[];
}

export function createCapturingMailer(): CapturingMailer {
  const sent: Mail[] = [];
  return { sent, send: async (mail) => void sent.push(mail) };
}

export interface TestContext {
  app: App;
  db: DatabaseHandle['db'];
  config: Config;
  mailer: CapturingMailer;
  close(): Promise<void>;
}

/**
 * An empty database on the TEST_DATABASE_URL server, or a copy of the run's migrated template
 * (test/global-setup.ts) when there is one: its URL, and drop() to remove it.
 */
export async function createPostgresTestDatabase(
  opts: { fromTemplate?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = opts.fromTemplate === false ? undefined : inject('postgresTemplate');
  const runPrefix = template ? template.replace(/^pp_template_/, 'pp_test_') : 'pp_test';
  const name = `${runPrefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.on('error', () => {}); // a server restart during the file must not crash the test run
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  // Tests check behaviour, not what survives a crash of the database server: a commit that waits for the
  // WAL to reach the disk (about 4 ms on these machines, several per request) was most of a test's time.
  // The setting belongs to the database, so every connection the app opens gets it.
  await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server, dropped on close. */
export async function openPostgresTestDatabase(): Promise<DatabaseHandle> {
  const database = await createPostgresTestDatabase();
  const handle = await openDatabase({ url: database.url });
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

/** The run's migrated PGlite data directory, read once per test file. */
let pgliteTemplate: Blob | undefined;
function readPgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplateFile');
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([fs.readFileSync(file)]);
  return pgliteTemplate;
}

/** The database kind this vitest project runs on, fresh and migrated (openDatabase checks the migrations). */
export function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB === 'postgres') return openPostgresTestDatabase();
  return openDatabase({ memory: true, loadDataDir: readPgliteTemplate() });
}

/**
 * The real app on a fresh copy of the run's migrated database; mail captured in memory; rate limits off unless asked.
 * The session cache keeps its default settings, as shipped: a test that changes a user or a session straight in the
 * database, past the services, calls `evictUser` (below) as the services do.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  opts: { openDatabase?: () => Promise<DatabaseHandle>; webDistDir?: string } = {},
): Promise<TestContext> {
  const handle = await (opts.openDatabase ?? openTestDatabase)();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `pp-test-${randomBytes(4).toString('hex')}`),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://portal.test',
    WORKER: 'off',
    // Every injected request comes from 127.0.0.1; rate-limit tests opt in with RATE_LIMITS: 'on'.
    RATE_LIMITS: 'off',
    HASH_SALT: 'test-salt-0123456789abcdef',
    ...env,
  });
  const mailer = createCapturingMailer();
  const app = await buildApp({
    config,
    db: handle.db,
    mailer,
    webDistDir: opts.webDistDir ?? path.join(os.tmpdir(), 'no-web-build'),
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    mailer,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** CRM=zoho with dummy credentials: leads get their CRM push entry (no worker runs in tests, so nothing calls Zoho). */
export const zohoTestEnv = { CRM: 'zoho', ZOHO_CLIENT_ID: 'id', ZOHO_CLIENT_SECRET: 'secret', ZOHO_REFRESH_TOKEN: 'refresh' };

/** Two instances of the app on one database; `closeApps` closes both (once), `close` also drops the database. */
export interface TwoInstances {
  a: TestContext;
  b: TestContext;
  /** The PostgreSQL database's name, null on PGlite. */
  databaseName: string | null;
  closeApps(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Two instances of the app, as behind a load balancer: two `buildApp` on the same database (one
 * PGlite shared in process, or two connection pools on one PostgreSQL database) with the same env.
 */
export async function openTwoInstances(env: Record<string, string>): Promise<TwoInstances> {
  let a: TestContext;
  let b: TestContext;
  let databaseName: string | null = null;
  let dropDatabase: () => Promise<void>;
  if (process.env.TEST_DB === 'postgres') {
    const database = await createPostgresTestDatabase();
    databaseName = new URL(database.url).pathname.slice(1);
    a = await createTestContext(env, { openDatabase: () => openDatabase({ url: database.url }) });
    b = await createTestContext(env, { openDatabase: () => openDatabase({ url: database.url }) });
    dropDatabase = () => database.drop();
  } else {
    const handle = await openTestDatabase();
    const shared = { ...handle, close: async () => {} };
    a = await createTestContext(env, { openDatabase: async () => shared });
    b = await createTestContext(env, { openDatabase: async () => shared });
    dropDatabase = () => handle.close();
  }
  let closing: Promise<unknown> | undefined;
  const closeApps = async () => void (await (closing ??= Promise.all([a.close(), b.close()])));
  return {
    a,
    b,
    databaseName,
    closeApps,
    async close() {
      await closeApps();
      await dropDatabase();
    },
  };
}

/** What the services do after a change to a user or their sessions: for a test that wrote one straight to the database. */
export const evictUser = (ctx: Pick<TestContext, 'app'>, userId: number) => ctx.app.sessionCache.evictUser(userId);
