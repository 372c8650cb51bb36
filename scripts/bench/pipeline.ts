// The lead pipeline at volume: p95 of the list queries behind /admin/leads and /referrals on a
// PostgreSQL database holding 1,000,000 leads over 10,000 partners (`pp_bench_volume` on the server
// of BENCH_DATABASE_URL or TEST_DATABASE_URL; seeded with seed:volume when missing, kept for the
// next run). Each query runs through the app's data layer (Drizzle, as the services build it) and
// then as the very same SQL and parameters sent straight through the driver: the ceiling.
// Run alone: `node --import tsx scripts/bench/pipeline.ts` (BENCH_ITERATIONS, default 100; BENCH_ONLY=text
// keeps the rows whose name contains it).
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import { count, desc, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
// The bench builds the server from its sources, as the tests do; the apps themselves never import each other.
/* eslint-disable no-restricted-imports */
import { openDatabase } from '../../apps/server/src/db';
import * as schema from '../../apps/server/src/db/schema';
import { leadDailyCounts, leads, users } from '../../apps/server/src/db/schema';
import { encodeCursor, keysetTimestamp, newestFirst } from '../../apps/server/src/lib/cursor';
import { createSession } from '../../apps/server/src/lib/sessions';
import { seedVolume } from '../../apps/server/scripts/seed-volume';
/* eslint-enable no-restricted-imports */
import { buildBenchApp } from './support';

/** BENCH_VOLUME_DATABASE names another (e.g. one per branch, while schemas differ). */
export const VOLUME_DATABASE = process.env.BENCH_VOLUME_DATABASE ?? 'pp_bench_volume';
const TARGET_MS = 50;
const PAGE = 25;

export interface PipelineBenchRow {
  query: string;
  appP50Ms: number;
  appP95Ms: number;
  driverP95Ms: number;
  /** p95 target of the row, ms. */
  targetMs: number;
}

interface Timing {
  p50: number;
  p95: number;
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * share) - 1))]!;
}

async function timeIt(run: () => Promise<unknown>, iterations: number): Promise<Timing> {
  for (let i = 0; i < Math.min(10, iterations); i++) await run(); // warm-up: plans, caches, connections
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

/** The volume database on the server of `adminUrl`, created and seeded when missing. */
async function volumeDatabase(adminUrl: string): Promise<string> {
  const url = new URL(adminUrl);
  url.pathname = `/${VOLUME_DATABASE}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [VOLUME_DATABASE]);
    if (!rowCount) {
      await admin.query(`CREATE DATABASE "${VOLUME_DATABASE}"`);
      console.log(`seeding ${VOLUME_DATABASE} (1,000,000 leads; a few minutes, once)…`);
      const { ms } = await seedVolume(url.toString(), { log: (line) => console.log(`  ${line}`) });
      console.log(`seeded in ${(ms / 1000).toFixed(0)} s`);
    }
  } finally {
    await admin.end();
  }
  return url.toString();
}

interface Case {
  name: string;
  path: string;
  as: 'admin' | 'partner';
  /** p95 target in ms; the lists' 50 ms unless the issue set another (the admin home: 100 ms). */
  targetMs?: number;
}
const STATS_TARGET_MS = 100;

export async function runPipelineBench(iterations = Number(process.env.BENCH_ITERATIONS ?? 100)): Promise<PipelineBenchRow[]> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log(
      '(skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server to measure the pipeline at 1,000,000 leads)',
    );
    return [];
  }
  const url = await volumeDatabase(adminUrl);
  await (await openDatabase({ url })).close(); // applies pending migrations (new indexes) first

  // The app on the volume database, its statements captured (drizzle's logger) so each request's
  // exact SQL and parameters can be replayed straight through the driver: the ceiling.
  let captured: { sql: string; params: unknown[] }[] | null = null;
  const client = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzle(client, { schema, logger: { logQuery: (text, params) => void captured?.push({ sql: text, params }) } });
  const driver = new pg.Pool({ connectionString: url, max: 4 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-pipeline-'));
  const { app } = await buildBenchApp(db, dataDir, { HASH_SALT: 'bench-salt-0123456789abcdef' });
  try {
    const [{ total }] = (await db.select({ total: count() }).from(leads)) as [{ total: number }];
    const [busiest] = await db
      .select({ id: leads.partnerId, n: count() })
      .from(leads)
      .where(sql`${leads.partnerId} is not null`)
      .groupBy(leads.partnerId)
      .orderBy(desc(count()))
      .limit(1);
    // The cursor of page 1,000: the 24,975th newest lead, as the list's own cursor encodes it.
    const [last] = await db
      .select({ at: keysetTimestamp(leads.createdAt), id: leads.id })
      .from(leads)
      .orderBy(...newestFirst(leads.createdAt, leads.id))
      .offset(PAGE * 999 - 1)
      .limit(1);
    if (!last || !busiest?.id) throw new Error(`${VOLUME_DATABASE} holds too few leads; drop it to reseed`);
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
    const adminId =
      admin?.id ??
      (
        await db
          .insert(users)
          .values({ fullName: 'Bench Admin', email: 'bench-admin@bench.example', passwordHash: 'no-login', role: 'admin' })
          .returning({ id: users.id })
      )[0]!.id;
    const tokens = { admin: await createSession(db, adminId), partner: await createSession(db, busiest.id) };
    const base = await app.listen({ host: '127.0.0.1', port: 0 });

    const cursor = encodeCursor(last);
    const cases: Case[] = [
      { name: 'admin list, first page (+ counts)', path: `/admin/leads?limit=${PAGE}`, as: 'admin' },
      { name: 'admin list, page 1,000 by cursor', path: `/admin/leads?limit=${PAGE}&cursor=${cursor}`, as: 'admin' },
      { name: 'admin list, status filter', path: `/admin/leads?limit=${PAGE}&status=analysis`, as: 'admin' },
      {
        name: `admin list, one partner (${busiest.n} leads)`,
        path: `/admin/leads?limit=${PAGE}&partner_id=${busiest.id}`,
        as: 'admin',
      },
      { name: "partner's own list (/leads/mine)", path: `/leads/mine?limit=${PAGE}`, as: 'partner' },
      {
        name: 'search "golden bakery 42" (rare)',
        path: `/admin/leads?limit=${PAGE}&q=${encodeURIComponent('golden bakery 42')}`,
        as: 'admin',
      },
      { name: 'search "bakery" (1 lead in 20)', path: `/admin/leads?limit=${PAGE}&q=bakery`, as: 'admin' },
      { name: "partner's status counts", path: '/leads/mine/counts', as: 'partner' },
      ...(['7d', '30d', '90d', '12m', 'all'] as const).map((period) => ({
        name: `admin home figures (/admin/stats?period=${period})`,
        path: `/admin/stats?period=${period}`,
        as: 'admin' as const,
        targetMs: STATS_TARGET_MS,
      })),
    ];

    const rows: PipelineBenchRow[] = [];
    // BENCH_ONLY=search measures only the rows whose name contains that text.
    const only = process.env.BENCH_ONLY?.toLowerCase();
    for (const c of cases.filter((k) => !only || k.name.toLowerCase().includes(only))) {
      const call = async () => {
        const res = await fetch(`${base}/api/v1${c.path}`, { headers: { authorization: `Bearer ${tokens[c.as]}` } });
        if (res.status !== 200) throw new Error(`${c.path}: HTTP ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      };
      captured = [];
      await call();
      const statements = captured;
      captured = null;
      const overHttp = await timeIt(call, iterations);
      // The request's statements as it sent them: the session lookup first, then the rest side by side.
      const [auth, ...rest] = statements;
      const replay = async () => {
        if (auth) await driver.query(auth.sql, auth.params);
        await Promise.all(rest.map((q) => driver.query(q.sql, q.params)));
      };
      const ceiling = await timeIt(replay, iterations);
      rows.push({
        query: c.name,
        appP50Ms: overHttp.p50,
        appP95Ms: overHttp.p95,
        driverP95Ms: ceiling.p95,
        targetMs: c.targetMs ?? TARGET_MS,
      });
    }
    const statusCounts = db
      .select({ status: leadDailyCounts.status, n: sql<number>`sum(${leadDailyCounts.count})::int` })
      .from(leadDailyCounts)
      .groupBy(leadDailyCounts.status);
    const byScan = db.select({ status: leads.status, n: count() }).from(leads).groupBy(leads.status);
    const direct = async (query: string, viaApp: () => Promise<unknown>, viaDriver: () => Promise<unknown>, n: number) => {
      const viaDataLayer = await timeIt(viaApp, n);
      const drv = await timeIt(viaDriver, n);
      rows.push({ query, appP50Ms: viaDataLayer.p50, appP95Ms: viaDataLayer.p95, driverP95Ms: drv.p95, targetMs: TARGET_MS });
    };
    if (!only) {
      await direct(
        'status counts, all leads (lead_daily_counts)',
        async () => statusCounts,
        () => driver.query(statusCounts.toSQL().sql),
        iterations,
      );
      const n = Math.min(iterations, 20);
      await direct(
        '(the same by count(*), for reference)',
        async () => byScan,
        () => driver.query(byScan.toSQL().sql),
        n,
      );
    }

    const load = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
    console.log(
      `${total.toLocaleString('en-US')} leads over ${VOLUME_DATABASE}, PostgreSQL; ${iterations} sequential requests per row after a warm-up; target p95 < ${TARGET_MS} ms (admin home < ${STATS_TARGET_MS} ms)`,
    );
    console.log(
      'app = the endpoint over HTTP (loopback, signed in); driver = the same statements the request sent, through node-postgres',
    );
    console.log(`${os.cpus().length} CPUs, load average ${load} (figures are only comparable on an otherwise idle machine)`);
    printTable(rows);
    return rows;
  } finally {
    await app.close();
    await driver.end();
    await client.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(rows: PipelineBenchRow[]): void {
  // Each p95 beside its target, so a row over target reads at a glance.
  const header = ['query', 'app p50 ms', 'app p95 ms', 'p95 target', '', 'driver p95 ms', 'app/driver'];
  const cells = rows.map((r) => [
    r.query,
    r.appP50Ms.toFixed(1),
    r.appP95Ms.toFixed(1),
    `< ${r.targetMs}`,
    r.appP95Ms < r.targetMs ? 'ok' : 'OVER',
    r.driverP95Ms.toFixed(1),
    (r.appP95Ms / r.driverP95Ms).toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i >= 1 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ');
  console.log(line(header));
  for (const c of cells) console.log(line(c));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runPipelineBench().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
