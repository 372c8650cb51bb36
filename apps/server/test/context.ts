import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
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

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server, dropped on close. */
export async function openPostgresTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `pp_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    async close() {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The database kind this vitest project runs on. */
export function openTestDatabase(): Promise<DatabaseHandle> {
  return process.env.TEST_DB === 'postgres' ? openPostgresTestDatabase() : openDatabase({ memory: true });
}

/** The real app on a fresh, migrated database; mail captured in memory; rate limits off unless asked. */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const handle = await openTestDatabase();
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
  const app = await buildApp({ config, db: handle.db, mailer, webDistDir: path.join(os.tmpdir(), 'no-web-build') });
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
