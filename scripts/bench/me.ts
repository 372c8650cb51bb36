// GET /api/v1/users/me under load at 50 connections, next to a bare Fastify GET measured in the same
// run, as ratios (target: >= 0.5 of bare, p99 < 20 ms). Per database: the session cache off (every
// request hashes the token and reads its session: the state before the cache) and on; with
// BENCH_REDIS_URL or REDIS_URL set also on with Redis (the PING barrier per tick of several instances).
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. Each server
// runs in a child process. Beside the rates, the CPU each request cost the server's process: on a
// shared machine the rates move with the load, the CPU per request much less.
// Run alone: `node --import tsx scripts/bench/me.ts` (BENCH_SECONDS, default 10).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
// The bench builds the server from its sources, as the tests do; the apps themselves never import each other.
/* eslint-disable no-restricted-imports */
import { openDatabase } from '../../apps/server/src/db';
import { users } from '../../apps/server/src/db/schema';
import { createSession } from '../../apps/server/src/lib/sessions';
import { buildBenchApp, loadAverageLine, processCpuMs, withPostgresDatabase } from './support';
/* eslint-enable no-restricted-imports */

const ME_PATH = '/api/v1/users/me';
const CONNECTIONS = 50;

type ServeTarget =
  { kind: 'bare' } | { kind: 'app'; database: { url: string } | 'pglite'; cacheTtlMs: number; redisUrl?: string; label: string };
interface Serving {
  url: string;
  token: string;
}

interface MeBenchRow {
  target: string;
  requestsPerSec: number;
  p99Ms: number;
  unexpected: number;
  errors: number;
  /** CPU milliseconds the server's process spent per request while measured (null off Linux): unlike
   * the rates, it hardly moves with the load of a shared machine. */
  serverCpuMs: number | null;
}

async function serve(target: ServeTarget): Promise<void> {
  if (target.kind === 'bare') {
    const bare = Fastify();
    bare.get(ME_PATH, async () => ({ status: 'success', data: { user: { id: 1, full_name: 'Bare' } } }));
    const url = await bare.listen({ host: '127.0.0.1', port: 0 });
    process.send!({ url, token: 'bare' } satisfies Serving);
    await once(process, 'disconnect');
    await bare.close();
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-me-'));
  const database = await openDatabase(target.database === 'pglite' ? { dataDir } : target.database);
  const { app } = await buildBenchApp(database.db, dataDir, {
    SESSION_CACHE_TTL_MS: String(target.cacheTtlMs),
    ...(target.redisUrl && { REDIS_URL: target.redisUrl, REDIS_KEY_PREFIX: `pp-bench:${randomBytes(4).toString('hex')}:` }),
  });
  const [user] = await database.db
    .insert(users)
    .values({
      fullName: 'Bench Partner',
      email: `bench-${randomBytes(4).toString('hex')}@bench.example`,
      passwordHash: 'not-a-login',
    })
    .returning({ id: users.id });
  const token = await createSession(database.db, user!.id, 'bench');
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send!({ url, token } satisfies Serving);
  await once(process, 'disconnect');
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function startServer(target: ServeTarget): Promise<Serving & { pid: number; stop(): Promise<void> }> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    // BENCH_CPU_PROF=<dir>: each server child writes a CPU profile there (node --cpu-prof).
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    // As scripts/start.mjs runs the server: libraries (React, which renders the mails) take their production paths.
    env: { NODE_ENV: 'production', ...process.env, BENCH_SERVE: JSON.stringify(target) },
  });
  const [serving] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(() => {
      throw new Error(`bench server (${target.kind}) exited before listening`);
    }),
  ])) as [Serving];
  return {
    ...serving,
    pid: child.pid!,
    async stop() {
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
    },
  };
}

async function benchTarget(target: ServeTarget, seconds: number): Promise<MeBenchRow> {
  const server = await startServer(target);
  try {
    const options = {
      url: `${server.url}${ME_PATH}`,
      connections: CONNECTIONS,
      headers: { authorization: `Bearer ${server.token}` },
    };
    await autocannon({ ...options, amount: 2_000 }); // warm-up: JIT, pools, first queries
    const cpuBefore = processCpuMs(server.pid);
    const result = await autocannon({ ...options, duration: seconds });
    const cpuAfter = processCpuMs(server.pid);
    const ok = Number(result.statusCodeStats?.['200']?.count ?? 0);
    return {
      target: target.kind === 'bare' ? 'bare Fastify GET' : `/users/me ${target.label}`,
      requestsPerSec: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
      unexpected: result.requests.total - ok,
      errors: result.errors + result.timeouts,
      serverCpuMs:
        cpuBefore === null || cpuAfter === null
          ? null
          : Math.round(((cpuAfter - cpuBefore) / Math.max(result.requests.total, 1)) * 1000) / 1000,
    };
  } finally {
    await server.stop();
  }
}

function printTable(rows: MeBenchRow[]): void {
  const bare = rows[0]!;
  const header = ['target', 'req/s', 'of bare', 'p99 ms', 'unexpected', 'errors', 'server CPU ms/req', 'bare CPU/this'];
  const cells = rows.map((r) => [
    r.target,
    String(r.requestsPerSec),
    r === bare ? '-' : (r.requestsPerSec / bare.requestsPerSec).toFixed(3),
    String(r.p99Ms),
    String(r.unexpected),
    String(r.errors),
    r.serverCpuMs === null ? '-' : r.serverCpuMs.toFixed(3),
    r === bare || r.serverCpuMs === null || bare.serverCpuMs === null ? '-' : (bare.serverCpuMs / r.serverCpuMs).toFixed(3),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i >= 1 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ');
  console.log(line(header));
  for (const c of cells) console.log(line(c));
  console.log('target: >= 0.500 of bare with p99 < 20 ms on both databases');
  console.log(
    "bare CPU/this: the bare route's server CPU per request over this one's, the rate ratio if the server's CPU were the only limit",
  );
  console.log(loadAverageLine());
}

/** Measures, prints the table and returns the rows (scripts/bench/index.ts calls it). */
export async function runMeBench(seconds = Number(process.env.BENCH_SECONDS ?? 10)): Promise<MeBenchRow[]> {
  const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL;
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const rows = [await benchTarget({ kind: 'bare' }, seconds)];
  const variants = (database: { url: string } | 'pglite', name: string): ServeTarget[] => [
    { kind: 'app', database, cacheTtlMs: 0, label: `${name}, cache off` },
    { kind: 'app', database, cacheTtlMs: 30_000, label: `${name}, cache on` },
    ...(redisUrl ? [{ kind: 'app' as const, database, cacheTtlMs: 30_000, redisUrl, label: `${name}, cache on + Redis` }] : []),
  ];
  for (const target of variants('pglite', 'pglite')) rows.push(await benchTarget(target, seconds));
  if (postgresUrl) {
    await withPostgresDatabase(postgresUrl, async (url) => {
      for (const target of variants({ url }, 'postgres')) rows.push(await benchTarget(target, seconds));
    });
  } else console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure PostgreSQL too)');
  if (!redisUrl) console.log('(set BENCH_REDIS_URL or REDIS_URL to measure the cache with Redis too)');
  console.log(`${seconds} s per target, ${CONNECTIONS} connections, loopback, server in its own process, logs silent`);
  printTable(rows);
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const serveTarget = process.env.BENCH_SERVE;
  (serveTarget ? serve(JSON.parse(serveTarget) as ServeTarget) : runMeBench()).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
