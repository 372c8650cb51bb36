// Shared by the benches: what each would otherwise write again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
// The benches build the server from its sources, as the tests do; the apps themselves never import each other.
/* eslint-disable no-restricted-imports */
import { buildApp, type App } from '../../apps/server/src/app';
import { loadConfig, type Config } from '../../apps/server/src/config';
import type { Database } from '../../apps/server/src/db';
/* eslint-enable no-restricted-imports */

/**
 * The real app as production builds it, on `db`, for a bench: silent, rate limits off, the lead worker
 * off and no CRM unless `env` says otherwise, a fresh hash salt, and no web build (`dataDir/no-web-build`).
 */
export async function buildBenchApp(
  db: Database,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ app: App; config: Config }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
    WORKER: 'off',
    CRM: 'none',
    HASH_SALT: randomBytes(24).toString('hex'),
    ...env,
  });
  const app = await buildApp({ config, db, webDistDir: path.join(dataDir, 'no-web-build') });
  return { app, config };
}

/** A fresh database on the PostgreSQL server of `adminUrl`, dropped afterwards. */
export async function withPostgresDatabase<T>(adminUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `pp_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * A bench's rows on the embedded database, then on a fresh PostgreSQL database when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names a server (and a line saying so when neither does).
 */
export async function onEachDatabase<T>(bench: (kind: 'pglite' | 'postgres', url?: string) => Promise<T[]>): Promise<T[]> {
  const rows = await bench('pglite');
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgresUrl) rows.push(...(await withPostgresDatabase(postgresUrl, (url) => bench('postgres', url))));
  else console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure PostgreSQL too)');
  return rows;
}

/** The machine's load averages and cores, to print beside a run's figures. */
export const loadAverageLine = () =>
  `load average during the run: ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')} on ${os.cpus().length} cores`;

/** CPU milliseconds a process has used so far (user and kernel, from /proc at 100 ticks a second), null off Linux. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}
