import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../src/db';

/**
 * Once per vitest run and server project: one database migrated from `drizzle/` as it is on disk now
 * (never a committed copy), that every test file clones instead of migrating its own.
 * - PGlite: the migrated data directory, dumped to a tarball that each file loads into memory.
 * - PostgreSQL: a template database on the TEST_DATABASE_URL server; each file runs
 *   `CREATE DATABASE … TEMPLATE` and the template and any clone left behind are dropped at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = randomBytes(4).toString('hex');
  if (project.config.env.TEST_DB === 'postgres') return setupPostgresTemplate(project, runId);
  return setupPgliteTemplate(project, runId);
}

async function setupPgliteTemplate(project: TestProject, runId: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pp-template-${runId}-`));
  const file = path.join(dir, 'pgdata.tar');
  // The same extensions openDatabase loads: the migrations create them.
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    // Uncompressed: it loads with about a third less CPU than a gzipped dump (40 MB of /tmp, removed at the end).
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('pgliteTemplateFile', file);
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

async function setupPostgresTemplate(project: TestProject, runId: string) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = `pp_template_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.on('error', () => {}); // a server restart during the run must not crash it
  await admin.connect();
  await admin.query(`CREATE DATABASE "${template}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const handle = await openDatabase({ url: url.toString() });
  // No session may stay connected to a template while it is copied.
  await handle.close();
  project.provide('postgresTemplate', template);
  return async () => {
    const left = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `pp_test_${runId}_%`,
    ]);
    for (const { datname } of left.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data directory (server-pglite project). */
    pgliteTemplateFile?: string;
    /** A migrated database to copy with CREATE DATABASE … TEMPLATE (server-postgres project). */
    postgresTemplate?: string;
  }
}
