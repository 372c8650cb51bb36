// Lead submissions under load: POST /api/v1/leads/referral/by-uuid on a real listening app (rate
// limits off; lead worker on with CRM=none, as a default install runs; BENCH_WORKER=off measures the
// API alone), next to a bare Fastify route measured in the same run. PGlite always; PostgreSQL too
// when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database is created and dropped).
// Each server runs in a child process so the load generator does not share its event loop.
// Run alone: `node --import tsx scripts/bench/leads.ts` (BENCH_SECONDS, default 10; BENCH_LEAD_TARGETS, a
// comma list of bare, pglite, postgres, default all; BENCH_CEILING=off skips the ceilings; BENCH_TRACE=1
// prints where a server's latency goes). Beside the rates it prints the CPU each lead cost
// the server's process, PostgreSQL's backends and the load generator (Linux /proc): on a shared
// machine the rates move with the load, the CPU per lead much less.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import autocannon, { type Request as AutocannonRequest } from 'autocannon';
import pg from 'pg';
import { count, ne } from 'drizzle-orm';
import Fastify from 'fastify';
import { composeLeadPayload, consentTextVersion } from '@portal/contract';
// The bench builds the server from its sources, as the tests do; the apps themselves never import each other.
/* eslint-disable no-restricted-imports */
import type { App } from '../../apps/server/src/app';
import { openDatabase } from '../../apps/server/src/db';
import { runPrepared } from '../../apps/server/src/db/group-commit';
import { outbox, users } from '../../apps/server/src/db/schema';
import { startOutboxWorker } from '../../apps/server/src/lib/outbox';
import { buildBenchApp, loadAverageLine, withPostgresDatabase } from './support';
/* eslint-enable no-restricted-imports */

export interface LeadBenchRow {
  target: string;
  database: string;
  requestsPerSec: number;
  p99Ms: number;
  /** Answers other than the expected status (201 for leads, 200 for the bare route). */
  unexpected: number;
  errors: number;
  /** Lead rows: outbox entries not yet done when the load stopped (the worker's fan-out and mails still to do). */
  backlog?: number;
  /** Lead rows: the same statement straight through the driver, measured in the same run. */
  ceiling?: CeilingResult;
  cpu?: CpuPerRequest;
}

/** Milliseconds of CPU per request (per statement for a ceiling) while measuring; null where unknown. */
interface CpuPerRequest {
  /** The server's process (for PGlite, the database's work too). */
  server: number | null;
  /** Of which in the kernel (system time: sockets, files). */
  serverSystem: number | null;
  /** PostgreSQL's backends of the bench database. */
  postgres: number | null;
  /** The load generator (autocannon, in the parent process); the ceiling has none. */
  load: number | null;
}

type DatabaseTargetSpec = { kind: 'pglite' } | { kind: 'postgres'; url: string };
type ServeTarget = { kind: 'bare' } | DatabaseTargetSpec | { kind: 'ceiling'; db: DatabaseTargetSpec; seconds: number };
interface Serving {
  url: string;
  partnerUuid: string;
}
/** What a ceiling run measured: the lead's own SQL sent straight through the driver. */
interface CeilingResult {
  statementsPerLead: number;
  statementsPerSec: number;
  p99Ms: number;
  cpu?: CpuPerRequest;
}

const LEAD_PATH = '/api/v1/leads/referral/by-uuid';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

// ---------------------------------------------------------------------------------------------
// Child process: one server under test.

async function serve(target: ServeTarget): Promise<void> {
  if (target.kind === 'bare') {
    // The same HTTP and JSON work as a lead, minus the app: parse the body, answer {ok:true}.
    const bare = Fastify();
    bare.post(LEAD_PATH, async () => ({ ok: true }));
    const url = await bare.listen({ host: '127.0.0.1', port: 0 });
    process.send!({ url, partnerUuid: '00000000-0000-4000-8000-000000000000' } satisfies Serving);
    await once(process, 'disconnect');
    await bare.close();
    return;
  }
  if (target.kind === 'ceiling') {
    process.send!(await measureCeiling(target.db, target.seconds));
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-'));
  const database = await openDatabase(target.kind === 'postgres' ? { url: target.url } : { dataDir });
  const { app, config } = await buildBenchApp(database.db, dataDir, {
    WORKER: process.env.BENCH_WORKER === 'off' ? 'off' : 'on',
  });
  const worker =
    config.WORKER === 'on'
      ? startOutboxWorker(database.db, {
          handlers: app.outbox.handlers,
          waitForQuiet: app.requestPressure.waitForQuiet,
          log: app.log,
        })
      : { stop: async () => {} };
  const [partner] = await database.db
    .insert(users)
    .values({ fullName: 'Bench Partner', email: 'bench-partner@bench.example', passwordHash: 'not-a-login' })
    .returning({ uuid: users.uuid });
  if (process.env.BENCH_TRACE) traceServer(database.db, app);
  // Asked once the load stops: what the worker has not yet done (a rate bought by leaving it behind does not last).
  process.on('message', (message) => {
    if (message !== 'backlog') return;
    void database.db
      .select({ entries: count() })
      .from(outbox)
      .where(ne(outbox.status, 'done'))
      .then(([row]) => process.send!({ backlog: row!.entries }));
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  global.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  process.send!({ url, partnerUuid: partner!.uuid } satisfies Serving);
  await once(process, 'disconnect');
  await worker.stop();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * BENCH_TRACE=1: where a server's latency goes while measuring (the parent sends 'trace-start' and
 * 'trace-report'): garbage-collection pauses, the event loop's delay and, on PGlite, how long each
 * transaction (a group commit) and each statement outside one (a lone lead, the worker's) held the
 * thread. Printed by the server, on stderr.
 */
function traceServer(db: unknown, app: App): void {
  const gcPauses: number[] = [];
  const answered: number[] = [];
  // From Fastify's reading of the request to its answer: what the client saw beyond this waited outside the server.
  app.addHook('onResponse', (_request, reply, done) => {
    if (isTracing) answered.push(reply.elapsedTime);
    done();
  });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcPauses.push(entry.duration);
  });
  // PGlite, told from node-postgres's pool by what only it has (the bench does not depend on it).
  const client = (db as { $client: Record<string, unknown> }).$client;
  const isPglite = typeof client.transaction === 'function' && typeof client.exec === 'function';
  const transactions: number[] = [];
  const statements: number[] = [];
  let isTracing = false;
  if (isPglite) {
    const timed = <A extends unknown[], R>(fn: (...args: A) => Promise<R>, into: number[]) =>
      async function (this: unknown, ...args: A): Promise<R> {
        const started = performance.now();
        try {
          return await fn.apply(this, args);
        } finally {
          if (isTracing) into.push(performance.now() - started);
        }
      };
    type Method = (...args: unknown[]) => Promise<unknown>;
    client.transaction = timed((client.transaction as Method).bind(client), transactions);
    client.query = timed((client.query as Method).bind(client), statements);
  }
  process.on('message', (message) => {
    if (message === 'trace-start') {
      isTracing = true;
      gc.observe({ entryTypes: ['gc'] });
      loop.enable();
    } else if (message === 'trace-report') {
      isTracing = false;
      gc.disconnect();
      loop.disable();
      const ms = (ns: number) => (ns / 1e6).toFixed(1);
      console.error(
        `  trace: event-loop delay p50 ${ms(loop.percentile(50))} p99 ${ms(loop.percentile(99))} max ${ms(loop.max)} ms; ` +
          `requests in the server ${summary(answered)}; GC ${summary(gcPauses)}` +
          (isPglite ? `; transactions ${summary(transactions)}; statements outside them ${summary(statements)}` : ''),
      );
    }
  });
}

/** Count, total, p50, p99 and max of durations in ms. */
function summary(durations: number[]): string {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0).toFixed(1);
  const total = sorted.reduce((a, b) => a + b, 0);
  return `${sorted.length} (total ${total.toFixed(0)}, p50 ${at(0.5)}, p99 ${at(0.99)}, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms)`;
}

type Query = (text: string, params: unknown[]) => Promise<unknown>;
type PGliteClient = Parameters<typeof runPrepared>[0];

/** The statement name and text parameters of a protocol message that starts with a Bind, else null. */
function readBind(bytes: Uint8Array): { statement: string; values: (string | null)[] } | null {
  if (bytes[0] !== 0x42) return null; // 'B'
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 5;
  const cstring = () => {
    const end = bytes.indexOf(0, at);
    const text = Buffer.from(bytes.subarray(at, end)).toString('utf8');
    at = end + 1;
    return text;
  };
  cstring(); // portal
  const statement = cstring();
  at += 2 + 2 * view.getInt16(at);
  const count = view.getInt16(at);
  at += 2;
  const values: (string | null)[] = [];
  for (let i = 0; i < count; i++) {
    const length = view.getInt32(at);
    at += 4;
    values.push(length < 0 ? null : Buffer.from(bytes.subarray(at, at + length)).toString('utf8'));
    if (length > 0) at += length;
  }
  return { statement, values };
}

/**
 * The ceiling of a lead submission on one database: the app accepts one lead while every statement
 * it sends is captured at the driver; then the lead's statement alone is sent straight through the
 * same driver (same pool size) from CONNECTIONS concurrent callers, each with a new email.
 */
async function measureCeiling(db: DatabaseTargetSpec, seconds: number): Promise<CeilingResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-'));
  const database = await openDatabase(db.kind === 'postgres' ? { url: db.url } : { dataDir });
  const { app } = await buildBenchApp(database.db, dataDir);
  const [partner] = await database.db
    .insert(users)
    .values({ fullName: 'Bench Partner', email: 'bench-partner@bench.example', passwordHash: 'not-a-login' })
    .returning({ uuid: users.uuid });

  await app.ready(); // start-up reads (onReady hooks) are not the lead's
  const client = (database.db as unknown as { $client: unknown }).$client as {
    query: (...args: unknown[]) => Promise<unknown>;
    execProtocol?: (...args: unknown[]) => Promise<unknown>;
    transaction?: unknown;
    connect?: unknown;
  };
  // Captured as sent, prepared-statement name included: the ceiling gets every saving the app gets.
  const sent: { text: string; params: unknown[]; name?: string }[] = [];
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const first = args[0] as string | { text: string; values?: unknown[]; name?: string };
    sent.push(
      typeof first === 'string'
        ? { text: first, params: (args[1] as unknown[]) ?? [] }
        : { text: first.text, params: first.values ?? (args[1] as unknown[]) ?? [], name: first.name },
    );
    return query(...args);
  };
  // PGlite's group commit speaks the protocol: a Bind of a prepared statement is the lead's statement.
  const execProtocol = client.execProtocol?.bind(client);
  if (execProtocol) {
    client.execProtocol = (...args: unknown[]) => {
      const bind = readBind(args[0] as Uint8Array);
      if (bind) sent.push({ text: '', params: bind.values, name: bind.statement });
      return execProtocol(...args);
    };
  }
  const [request] = leadRequests(partner!.uuid);
  const body = request!.setupRequest({}).body;
  const res = await app.inject({
    method: 'POST',
    url: LEAD_PATH,
    headers: { 'content-type': 'application/json' },
    payload: body,
  });
  client.query = query;
  if (execProtocol) client.execProtocol = execProtocol;
  if (res.statusCode !== 201) throw new Error(`ceiling: the lead answered ${res.statusCode}`);
  const email = (JSON.parse(body) as { Email: string }).Email;
  const insert = sent.find((q) => q.params.includes(email));
  if (!insert) throw new Error('ceiling: no statement carried the lead');
  const emailAt = insert.params.indexOf(email);
  // PGlite: the same prepared statement bound and run on its own (one commit each, no grouping).
  const send: Query = execProtocol
    ? (_text, params) => runPrepared(client as unknown as PGliteClient, insert.name!, params, true)
    : (text, params) => (insert.name ? query({ name: insert.name, text, values: params }) : query(text, params));

  let n = 0;
  const latencies: number[] = [];
  const runOne = async () => {
    const params = [...insert.params];
    const other = `ceiling-${++n}-${email}`;
    params[emailAt] = other;
    const started = performance.now();
    await send(insert.text, params);
    latencies.push(performance.now() - started);
  };
  for (let i = 0; i < 200; i++) await runOne(); // warm-up, as the HTTP runs have
  latencies.length = 0;
  const cpuBefore = await cpuSnapshot(process.pid, db.kind === 'postgres' ? db.url : undefined);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) await runOne();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuPerRequest(
    cpuBefore,
    await cpuSnapshot(process.pid, db.kind === 'postgres' ? db.url : undefined),
    latencies.length,
  );
  latencies.sort((a, b) => a - b);
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    statementsPerLead: sent.length,
    statementsPerSec: Math.round(latencies.length / elapsed),
    p99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    cpu: { ...cpu, load: null },
  };
}

interface CpuSnapshot {
  server: { total: number; system: number } | null;
  load: number;
  /** CPU milliseconds by backend pid. */
  backends: Map<number, number> | null;
}

/** CPU milliseconds a process has used so far, all and in the kernel (/proc, at 100 ticks a second), null off Linux. */
function processCpu(pid: number): { total: number; system: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const system = Number(fields[12]) * 10;
    return { total: Number(fields[11]) * 10 + system, system };
  } catch {
    return null;
  }
}

/** The CPU used so far by the server, the load generator and, on a local PostgreSQL, the bench database's backends. */
async function cpuSnapshot(serverPid: number, databaseUrl: string | undefined): Promise<CpuSnapshot> {
  let backends: Map<number, number> | null = null;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      backends = new Map();
      for (const { pid } of rows) {
        const cpu = processCpu(pid);
        if (cpu === null) {
          backends = null; // not on this machine
          break;
        }
        backends.set(pid, cpu.total);
      }
    } finally {
      await client.end();
    }
  }
  const { user, system } = process.cpuUsage();
  return { server: processCpu(serverPid), load: (user + system) / 1000, backends };
}

function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuPerRequest {
  const per = (ms: number) => Math.round((ms / Math.max(requests, 1)) * 1000) / 1000;
  let postgres: number | null = null;
  if (before.backends && after.backends) {
    // A backend that connected meanwhile counts from zero; one that left is lost (the pool keeps its connections).
    let ms = 0;
    for (const [pid, now] of after.backends) ms += now - (before.backends.get(pid) ?? 0);
    postgres = per(ms);
  }
  return {
    server: before.server && after.server ? per(after.server.total - before.server.total) : null,
    serverSystem: before.server && after.server ? per(after.server.system - before.server.system) : null,
    postgres,
    load: per(after.load - before.load),
  };
}

// ---------------------------------------------------------------------------------------------
// Parent process: load and report.

async function startServer<T = Serving>(
  target: ServeTarget,
): Promise<T & { pid: number; trace(message: string): void; backlog(): Promise<number>; stop(): Promise<void> }> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    // BENCH_CPU_PROF=<dir>: each server child writes a CPU profile there (node --cpu-prof).
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
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
  ])) as [T];
  return {
    ...serving,
    pid: child.pid!,
    trace(message: string) {
      if (process.env.BENCH_TRACE && child.connected) child.send(message);
    },
    async backlog() {
      const answer = once(child, 'message');
      child.send('backlog');
      return ((await answer)[0] as { backlog: number }).backlog;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
    },
  };
}

/** Every request a new email: the duplicate check would otherwise answer most of them. */
function leadRequests(partnerUuid: string) {
  const run = randomBytes(4).toString('hex');
  let n = 0;
  const body = (email: string) =>
    JSON.stringify(
      composeLeadPayload(
        {
          businessName: 'Bench Bistro',
          fullName: 'Bea Bench',
          email,
          businessType: 'Restaurant',
          countryCode: '+1',
          phoneNumber: '4155550123',
          description: 'Load test lead',
          smsConsent: true,
          marketingConsent: true,
        },
        partnerUuid,
        // As the landing page sends it; without it the server reads the support phone setting.
        { consentTextVersion: consentTextVersion(null) },
      ),
    );
  return [
    {
      method: 'POST' as const,
      path: LEAD_PATH,
      headers: { 'content-type': 'application/json' },
      setupRequest: (request: AutocannonRequest) => ({ ...request, body: body(`bench-${run}-${++n}@bench.example`) }),
    },
  ];
}

async function measure(
  serving: Serving & { pid: number; trace(message: string): void },
  expectedStatus: number,
  seconds: number,
  databaseUrl?: string,
) {
  const options = { url: serving.url, connections: CONNECTIONS, requests: leadRequests(serving.partnerUuid) };
  await autocannon({ ...options, amount: 200 }); // warm-up: JIT, connection pools, first queries
  const before = await cpuSnapshot(serving.pid, databaseUrl);
  serving.trace('trace-start');
  const result = await autocannon({ ...options, duration: seconds });
  serving.trace('trace-report');
  if (process.env.BENCH_TRACE) {
    const l = result.latency;
    console.error(`  latency (ms): p50 ${l.p50} p90 ${l.p90} p97.5 ${l.p97_5} p99 ${l.p99} max ${l.max}`);
  }
  const cpu = cpuPerRequest(before, await cpuSnapshot(serving.pid, databaseUrl), result.requests.total);
  const counted = Number(result.statusCodeStats?.[`${expectedStatus}`]?.count ?? 0);
  return {
    requestsPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    unexpected: result.requests.total - counted,
    errors: result.errors + result.timeouts,
    cpu,
  };
}

async function benchTarget(target: ServeTarget, seconds: number): Promise<LeadBenchRow> {
  const server = await startServer(target);
  try {
    const isBare = target.kind === 'bare';
    const measured = await measure(server, isBare ? 200 : 201, seconds, target.kind === 'postgres' ? target.url : undefined);
    return {
      target: isBare ? 'bare Fastify POST' : 'lead submission',
      database: isBare ? '-' : target.kind,
      ...measured,
      ...(isBare ? {} : { backlog: await server.backlog() }),
    };
  } finally {
    await server.stop();
  }
}

async function benchCeiling(db: DatabaseTargetSpec, seconds: number): Promise<CeilingResult> {
  const run = await startServer<CeilingResult>({ kind: 'ceiling', db, seconds });
  await run.stop();
  return { statementsPerLead: run.statementsPerLead, statementsPerSec: run.statementsPerSec, p99Ms: run.p99Ms, cpu: run.cpu };
}

function printTable(rows: LeadBenchRow[]): void {
  const header = [
    'target',
    'database',
    'req/s',
    'p99 ms',
    'ceiling/s',
    'ceil p99',
    'ratio',
    'stmts/lead',
    'unexpected',
    'errors',
    'backlog',
  ];
  const cells = rows.map((r) => [
    r.target,
    r.database,
    String(r.requestsPerSec),
    String(r.p99Ms),
    r.ceiling ? String(r.ceiling.statementsPerSec) : '-',
    r.ceiling ? String(r.ceiling.p99Ms) : '-',
    r.ceiling?.statementsPerSec ? (r.requestsPerSec / r.ceiling.statementsPerSec).toFixed(3) : '-',
    r.ceiling ? String(r.ceiling.statementsPerLead) : '-',
    String(r.unexpected),
    String(r.errors),
    r.backlog === undefined ? '-' : String(r.backlog),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i >= 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ');
  console.log(line(header));
  for (const c of cells) console.log(line(c));
  const ms = (v: number | null | undefined) => (v === null || v === undefined ? '-' : v.toFixed(3));
  console.log("backlog: outbox entries the worker had not done when the load stopped (each lead's fan-out and its mail)");
  console.log('CPU ms per request (the ceiling: per statement): server process, PostgreSQL backends, load generator');
  for (const r of rows) {
    const line = (label: string, c: CpuPerRequest | undefined) =>
      console.log(
        `  ${label.padEnd(30)} server ${ms(c?.server)} (kernel ${ms(c?.serverSystem)})  postgres ${ms(c?.postgres)}  load ${ms(c?.load)}`,
      );
    line(`${r.target} (${r.database})`, r.cpu);
    if (r.ceiling) line(`  its ceiling`, r.ceiling.cpu);
  }
  const bare = rows.find((r) => r.database === '-');
  const targets: Record<string, number> = { postgres: 0.8, pglite: 0.5 };
  for (const row of rows.filter((r) => r !== bare)) {
    const ratio = bare?.requestsPerSec ? row.requestsPerSec / bare.requestsPerSec : 0;
    const ceiling = row.ceiling?.statementsPerSec ? row.requestsPerSec / row.ceiling.statementsPerSec : 0;
    console.log(
      `lead on ${row.database}: ${ceiling.toFixed(3)} of its own statement's ceiling through the driver (target >= ${targets[row.database]}), ` +
        `${ratio.toFixed(3)} of the bare route; ${row.ceiling?.statementsPerLead} statement(s) per lead`,
    );
  }
}

/** Measures, prints the table and returns the rows (scripts/bench/index.ts calls it). */
export async function runLeadBench(seconds = Number(process.env.BENCH_SECONDS ?? 10)): Promise<LeadBenchRow[]> {
  const wanted = new Set((process.env.BENCH_LEAD_TARGETS ?? 'bare,pglite,postgres').split(',').map((t) => t.trim()));
  const withCeiling = process.env.BENCH_CEILING !== 'off';
  const rows: LeadBenchRow[] = [];
  if (wanted.has('bare')) rows.push(await benchTarget({ kind: 'bare' }, seconds));
  if (wanted.has('pglite')) {
    const pglite = await benchTarget({ kind: 'pglite' }, seconds);
    if (withCeiling) pglite.ceiling = await benchCeiling({ kind: 'pglite' }, seconds);
    rows.push(pglite);
  }
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgresUrl && wanted.has('postgres')) {
    const row = await withPostgresDatabase(postgresUrl, (url) => benchTarget({ kind: 'postgres', url }, seconds));
    if (withCeiling)
      row.ceiling = await withPostgresDatabase(postgresUrl, (url) => benchCeiling({ kind: 'postgres', url }, seconds));
    rows.push(row);
  } else if (!postgresUrl) console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure PostgreSQL too)');
  const worker = process.env.BENCH_WORKER === 'off' ? 'off' : 'on (CRM=none)';
  console.log(
    `${seconds} s per target, ${CONNECTIONS} connections (the ceiling: ${CONNECTIONS} concurrent callers on the app's pool), loopback, ` +
      `server in its own process, lead worker ${worker}`,
  );
  console.log(loadAverageLine());
  printTable(rows);
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const serveTarget = process.env.BENCH_SERVE;
  (serveTarget ? serve(JSON.parse(serveTarget) as ServeTarget) : runLeadBench()).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
