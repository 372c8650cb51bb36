// Lead submissions under load: POST /api/v1/leads/referral/by-uuid on a real listening app (rate
// limits off; lead worker on with CRM=none, as a default install runs; BENCH_WORKER=off measures the
// API alone), next to a bare Fastify route measured in the same run. PGlite always; PostgreSQL too
// when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database is created and dropped).
// Each server runs in a child process so the load generator does not share its event loop.
// Run alone: `node --import tsx scripts/bench/leads.ts` (BENCH_SECONDS, default 10).
import { fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon, { type Request as AutocannonRequest } from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { composeLeadPayload, consentTextVersion } from '@portal/contract';
// The bench builds the server from its sources, as the tests do; the apps themselves never import each other.
/* eslint-disable no-restricted-imports */
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db';
import { users } from '../../apps/server/src/db/schema';
import { startOutboxWorker } from '../../apps/server/src/lib/outbox';
/* eslint-enable no-restricted-imports */

export interface LeadBenchRow {
  target: string;
  database: string;
  requestsPerSec: number;
  p99Ms: number;
  /** Answers other than the expected status (201 for leads, 200 for the bare route). */
  unexpected: number;
  errors: number;
}

type ServeTarget = { kind: 'bare' } | { kind: 'pglite' } | { kind: 'postgres'; url: string };
interface Serving {
  url: string;
  partnerUuid: string;
}

const LEAD_PATH = '/api/v1/leads/referral/by-uuid';
const CONNECTIONS = 10;

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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-'));
  const database = await openDatabase(target.kind === 'postgres' ? { url: target.url } : { dataDir });
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMITS: 'off',
    WORKER: process.env.BENCH_WORKER === 'off' ? 'off' : 'on',
    CRM: 'none',
    HASH_SALT: randomBytes(24).toString('hex'),
  });
  const app = await buildApp({ config, db: database.db, webDistDir: path.join(dataDir, 'no-web-build') });
  const worker = config.WORKER === 'on' ? startOutboxWorker(database.db, { handlers: app.outbox.handlers, log: app.log }) : { stop: async () => {} };
  const [partner] = await database.db
    .insert(users)
    .values({ fullName: 'Bench Partner', email: 'bench-partner@bench.example', passwordHash: 'not-a-login' })
    .returning({ uuid: users.uuid });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send!({ url, partnerUuid: partner!.uuid } satisfies Serving);
  await once(process, 'disconnect');
  await worker.stop();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// Parent process: load and report.

async function startServer(target: ServeTarget): Promise<Serving & { stop(): Promise<void> }> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_SERVE: JSON.stringify(target) },
  });
  const [serving] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(() => {
      throw new Error(`bench server (${target.kind}) exited before listening`);
    }),
  ])) as [Serving];
  return {
    ...serving,
    async stop() {
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

async function measure(serving: Serving, expectedStatus: number, seconds: number) {
  const options = { url: serving.url, connections: CONNECTIONS, requests: leadRequests(serving.partnerUuid) };
  await autocannon({ ...options, amount: 200 }); // warm-up: JIT, connection pools, first queries
  const result = await autocannon({ ...options, duration: seconds });
  const counted = Number(result.statusCodeStats?.[`${expectedStatus}`]?.count ?? 0);
  return {
    requestsPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    unexpected: result.requests.total - counted,
    errors: result.errors + result.timeouts,
  };
}

async function benchTarget(target: ServeTarget, seconds: number): Promise<LeadBenchRow> {
  const server = await startServer(target);
  try {
    const isBare = target.kind === 'bare';
    return {
      target: isBare ? 'bare Fastify POST' : 'lead submission',
      database: isBare ? '-' : target.kind,
      ...(await measure(server, isBare ? 200 : 201, seconds)),
    };
  } finally {
    await server.stop();
  }
}

/** A fresh database on the server of `adminUrl`, dropped afterwards. */
async function withPostgresDatabase<T>(adminUrl: string, run: (url: string) => Promise<T>): Promise<T> {
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

function printTable(rows: LeadBenchRow[]): void {
  const header = ['target', 'database', 'req/s', 'p99 ms', 'unexpected', 'errors'];
  const cells = rows.map((r) => [r.target, r.database, String(r.requestsPerSec), String(r.p99Ms), String(r.unexpected), String(r.errors)]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i >= 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ');
  console.log(line(header));
  for (const c of cells) console.log(line(c));
  const bare = rows.find((r) => r.database === '-');
  for (const row of rows.filter((r) => r !== bare)) {
    const ratio = bare?.requestsPerSec ? row.requestsPerSec / bare.requestsPerSec : 0;
    console.log(`lead/bare on ${row.database}: ${ratio.toFixed(3)} (${(ratio * 100).toFixed(1)}% of the bare route's requests/s)`);
  }
}

/** Measures, prints the table and returns the rows (scripts/bench/index.ts calls it). */
export async function runLeadBench(seconds = Number(process.env.BENCH_SECONDS ?? 10)): Promise<LeadBenchRow[]> {
  const rows = [await benchTarget({ kind: 'bare' }, seconds), await benchTarget({ kind: 'pglite' }, seconds)];
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgresUrl) rows.push(await withPostgresDatabase(postgresUrl, (url) => benchTarget({ kind: 'postgres', url }, seconds)));
  else console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure PostgreSQL too)');
  const worker = process.env.BENCH_WORKER === 'off' ? 'off' : 'on (CRM=none)';
  console.log(`${seconds} s per target, ${CONNECTIONS} connections, loopback, server in its own process, lead worker ${worker}`);
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
