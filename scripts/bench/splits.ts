// Split residuals at volume (issue 21 §5): one processor report of 50,000 rows whose merchants
// belong to 5,000 agents, every agent in a three-level chain (agent → manager → top, frozen on each
// merchant account), through HTTP: the dry run (per-level totals, house net) and its commit (the
// residual lines, 100,000 override lines, draft statements). Then every partner's draft statement is
// checked to the cent against amounts computed here with plain integer arithmetic (not the portal's
// split function), and the lines plus the house against the report's net. PostgreSQL only (set
// BENCH_DATABASE_URL or TEST_DATABASE_URL). Target: dry run and commit each under 20 s, server
// memory growth under 200 MB. Run alone: `node --import tsx scripts/bench/splits.ts`.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { defaultCommissionPlan, parseMoneyCents } from '@portal/contract';
// The bench builds the server from its sources, as the tests do.
/* eslint-disable no-restricted-imports */
import { openDatabase, type Database } from '../../apps/server/src/db';
import {
  commissionPlans,
  merchantAccounts,
  merchantSplitLevels,
  merchantSplitVersions,
  partnerTeams,
  users,
} from '../../apps/server/src/db/schema';
import { createSession } from '../../apps/server/src/lib/sessions';
/* eslint-enable no-restricted-imports */
import { buildBenchApp, loadAverageLine, processCpuMs, withPostgresDatabase } from './support';

const ROWS = 50_000;
const AGENTS = 5_000;
const MANAGERS = 500;
const TOPS = 50;
const MONTH = '2026-10';
const AGENT_BPS = 2_000;
const MANAGER_BPS = 1_000;
const TOP_BPS = 500;
export const SPLIT_STEP_TARGET_MS = 20_000;
export const SPLIT_MEMORY_TARGET_MB = 200;

const mapping = {
  mid: 'Merchant ID',
  business: 'DBA Name',
  transactions: '# Sales',
  volume: '$ Sales',
  income: '$ Income',
  costs: '$ Expenses',
  net_revenue: 'Net Revenue',
};

const midOf = (i: number) => `SPLIT-MID-${String(i).padStart(6, '0')}`;

/** The report, and each row's net in cents as the portal will read it. */
function report(): { csv: string; nets: number[] } {
  const lines = ['Merchant ID,DBA Name,# Sales,$ Sales,$ Income,$ Expenses,Net Revenue'];
  const nets: number[] = [];
  for (let i = 0; i < ROWS; i++) {
    const volume = ((i * 7919) % 5_000_000) / 100 + 100;
    const income = volume * 0.031;
    const costs = volume * 0.022;
    // One row in 50 is a month of refunds: a negative net.
    const net = i % 50 === 7 ? -(income - costs) / 3 : income - costs;
    const netText = net.toFixed(4);
    nets.push(parseMoneyCents(netText)!);
    lines.push(
      `${midOf(i)},"Split Business ${i}",${(i % 900) + 1},${volume.toFixed(2)},${income.toFixed(2)},${costs.toFixed(2)},${netText}`,
    );
  }
  return { csv: `${lines.join('\r\n')}\r\n`, nets };
}

/** `cents × bps / 10,000` rounded half away from zero, in plain integer arithmetic. */
function share(cents: number, bps: number): number {
  const product = Math.abs(cents) * bps;
  const q = Math.floor(product / 10_000) + ((product % 10_000) * 2 >= 10_000 ? 1 : 0);
  return cents < 0 ? -q : q;
}

interface Seeded {
  adminId: number;
  agentOf: (row: number) => number;
  managerOfAgent: Map<number, number>;
  topOfManager: Map<number, number>;
}

async function insertChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function seed(db: Database): Promise<Seeded> {
  const tag = randomBytes(3).toString('hex');
  const [admin] = await db
    .insert(users)
    .values({ fullName: 'Bench Admin', email: `bench-split-admin-${tag}@bench.example`, passwordHash: 'x', role: 'admin' })
    .returning({ id: users.id });
  const make = async (n: number, kind: string) => {
    const ids: number[] = [];
    await insertChunks(
      Array.from({ length: n }, (_, i) => ({
        fullName: `Bench ${kind} ${i}`,
        email: `bench-split-${kind}-${i}-${tag}@bench.example`,
        passwordHash: 'x',
      })),
      2_000,
      async (chunk) => ids.push(...(await db.insert(users).values(chunk).returning({ id: users.id })).map((r) => r.id)),
    );
    return ids;
  };
  const tops = await make(TOPS, 'top');
  const managers = await make(MANAGERS, 'manager');
  const agents = await make(AGENTS, 'agent');
  const managerOfAgent = new Map(agents.map((a, i) => [a, managers[i % MANAGERS]!]));
  const topOfManager = new Map(managers.map((m, i) => [m, tops[i % TOPS]!]));
  await insertChunks(
    [
      ...managers.map((m) => ({ partnerId: m, uplineId: topOfManager.get(m)! })),
      ...agents.map((a) => ({ partnerId: a, uplineId: managerOfAgent.get(a)! })),
    ],
    2_000,
    (chunk) => db.insert(partnerTeams).values(chunk),
  );
  await db.insert(commissionPlans).values({
    partnerId: null,
    bonusCents: 0,
    bonusMinVolumeCents: 0,
    clawbackDays: defaultCommissionPlan.clawback_days,
    residualShareBps: AGENT_BPS,
    minPayoutCents: 0,
    overrideLevels: [
      { rate_bps: MANAGER_BPS, end_month: null, rate_after_bps: null },
      { rate_bps: TOP_BPS, end_month: null, rate_after_bps: null },
    ],
  });
  const agentOf = (row: number) => agents[row % AGENTS]!;
  // The accounts and their frozen chains, as approval writes them (inserted in bulk here).
  const accountIds: string[] = [];
  await insertChunks(
    Array.from({ length: ROWS }, (_, i) => ({
      mid: midOf(i),
      business: `Split Business ${i}`,
      partnerId: agentOf(i),
      approvedOn: '2026-01-15',
    })),
    2_000,
    async (chunk) =>
      accountIds.push(
        ...(await db.insert(merchantAccounts).values(chunk).returning({ id: merchantAccounts.id })).map((r) => r.id),
      ),
  );
  await insertChunks(
    accountIds.map((id) => ({ merchantAccountId: id, fromMonth: '2026-01' })),
    5_000,
    (chunk) => db.insert(merchantSplitVersions).values(chunk),
  );
  // Level 0 is the agent's own share, frozen with the chain at approval.
  const level = (id: string, i: number, n: 0 | 1 | 2) => {
    const manager = managerOfAgent.get(agentOf(i))!;
    return {
      merchantAccountId: id,
      fromMonth: '2026-01',
      level: n,
      partnerId: n === 0 ? agentOf(i) : n === 1 ? manager : topOfManager.get(manager)!,
      rateBps: n === 0 ? AGENT_BPS : n === 1 ? MANAGER_BPS : TOP_BPS,
      basis: 'share_of_net' as const,
      funding: 'house' as const,
      endMonth: null,
      rateAfterBps: null,
      negativeNet: 'pass_through' as const,
    };
  };
  await insertChunks(
    accountIds.flatMap((id, i) => [level(id, i, 0), level(id, i, 1), level(id, i, 2)]),
    5_000,
    (chunk) => db.insert(merchantSplitLevels).values(chunk),
  );
  await db.execute(sql`analyze`);
  return { adminId: admin!.id, agentOf, managerOfAgent, topOfManager };
}

/**
 * CPU milliseconds used so far by this process (the server runs in it) and by each backend of the
 * bench database (local PostgreSQL; null when its processes are not on this machine). Their sum
 * over a step is what the step costs on a quiet machine, whatever the load average.
 */
async function cpuSnapshot(url: string, serverPid: number): Promise<{ server: number; backends: Map<number, number> | null }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let backends: Map<number, number> | null = new Map();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      const ms = processCpuMs(pid);
      if (ms === null) {
        backends = null;
        break;
      }
      backends.set(pid, ms);
    }
  } finally {
    await client.end();
  }
  return { server: processCpuMs(serverPid) ?? 0, backends };
}

type CpuSnapshot = Awaited<ReturnType<typeof cpuSnapshot>>;

/** CPU milliseconds of the server and of PostgreSQL between two snapshots. */
function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): { serverMs: number; postgresMs: number | null } {
  let postgresMs: number | null = null;
  if (before.backends && after.backends) {
    postgresMs = 0;
    // A backend that connected meanwhile counts from zero (the pool keeps its connections).
    for (const [pid, now] of after.backends) postgresMs += now - (before.backends.get(pid) ?? 0);
  }
  return { serverMs: Math.round(after.server - before.server), postgresMs };
}

export interface SplitBenchResult {
  dryRunMs: number;
  commitMs: number;
  /** CPU of each step: the server process and the database's backends (what it takes on a quiet machine). */
  dryRunCpu: { serverMs: number; postgresMs: number | null };
  commitCpu: { serverMs: number; postgresMs: number | null };
  /** The server process's peak RSS during both steps over its RSS before them. */
  memoryGrowthMb: number;
  partners: number;
  wrongStatements: number;
  balanced: boolean;
}

interface Injected {
  statusCode: number;
  body: string;
}

/**
 * The server in a process of its own, as `npm start` runs it, so its memory is its own (not the seed's
 * or the bench's): it builds the app on the bench's database and answers `inject` requests sent over
 * IPC (inject, not a socket: on a loaded machine a commit can outlast the server's request timeout).
 */
async function serveSplits(url: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-split-'));
  const database = await openDatabase({ url });
  const { app } = await buildBenchApp(database.db, dataDir);
  await app.ready();
  process.on('message', (request: { method: 'POST'; url: string; headers: Record<string, string>; payload?: string }) => {
    void app
      .inject({ ...request, payload: request.payload === undefined ? undefined : Buffer.from(request.payload, 'base64') })
      .then((res) => process.send!({ statusCode: res.statusCode, body: res.body } satisfies Injected));
  });
  global.gc?.();
  process.send!('ready');
  await once(process, 'disconnect');
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** The resident set of a process now, and its peak since it started (kB from /proc, in bytes). */
function residentBytes(pid: number): { now: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { now: kb('VmRSS'), peak: kb('VmHWM') };
}

async function bench(url: string): Promise<SplitBenchResult> {
  const database = await openDatabase({ url });
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { NODE_ENV: 'production', ...process.env, BENCH_SPLIT_SERVE: url },
  });
  const inject = async (request: { url: string; headers: Record<string, string>; payload?: Buffer }): Promise<Injected> => {
    const answer = once(child, 'message');
    child.send({ method: 'POST', url: request.url, headers: request.headers, payload: request.payload?.toString('base64') });
    return (await answer)[0] as Injected;
  };
  try {
    const seeded = await seed(database.db);
    const token = await createSession(database.db, seeded.adminId);
    const headers = { authorization: `Bearer ${token}` };
    const { csv, nets } = report();
    const [ready] = (await Promise.race([
      once(child, 'message'),
      once(child, 'exit').then(() => {
        throw new Error('bench server exited before it was ready');
      }),
    ])) as unknown[];
    if (ready !== 'ready') throw new Error(`bench server: ${String(ready)}`);
    const form = new FormData();
    form.set('month', MONTH);
    form.set('processor', 'Split Processing');
    form.set('mapping', JSON.stringify(mapping));
    form.set('dry_run', 'true');
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'residuals.csv');
    // The multipart body built once, outside the timing.
    const multipart = new Request('http://bench/', { method: 'POST', body: form });
    const payload = Buffer.from(await multipart.arrayBuffer());
    // Linux resets a process's peak RSS to its current RSS on "5" (proc(5), clear_refs), so the peak is the steps'.
    fs.writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
    const rssBefore = residentBytes(child.pid!).now;
    const cpuAtStart = await cpuSnapshot(url, child.pid!);
    let start = performance.now();
    const dryInjected = await inject({
      url: '/api/v1/admin/commissions/imports',
      headers: { ...headers, 'content-type': multipart.headers.get('content-type')! },
      payload,
    });
    const dryRes = { status: dryInjected.statusCode };
    const dry = JSON.parse(dryInjected.body) as {
      data: {
        import_id: string;
        blocked: string | null;
        splits: { levels: { level: number; amount_cents: number }[]; house_cents: number };
      };
    };
    const dryRunMs = Math.round(performance.now() - start);
    if (dryRes.status !== 200 || dry.data.blocked)
      throw new Error(`dry run: HTTP ${dryRes.status} ${JSON.stringify(dry).slice(0, 500)}`);
    const cpuAfterDryRun = await cpuSnapshot(url, child.pid!);
    start = performance.now();
    const commitRes = await inject({ url: `/api/v1/admin/commissions/imports/${dry.data.import_id}/commit`, headers });
    const commitMs = Math.round(performance.now() - start);
    const cpuAfterCommit = await cpuSnapshot(url, child.pid!);
    const rssPeak = residentBytes(child.pid!).peak;
    if (commitRes.statusCode !== 200) throw new Error(`commit: HTTP ${commitRes.statusCode} ${commitRes.body.slice(0, 500)}`);

    // Expected per partner, from the report alone.
    const expected = new Map<number, number>();
    const add = (id: number, cents: number) => expected.set(id, (expected.get(id) ?? 0) + cents);
    let lines = 0;
    nets.forEach((net, i) => {
      const agent = seeded.agentOf(i);
      const manager = seeded.managerOfAgent.get(agent)!;
      const top = seeded.topOfManager.get(manager)!;
      const own = share(net, AGENT_BPS);
      const m = share(net, MANAGER_BPS);
      const t = share(net, TOP_BPS);
      add(agent, own);
      add(manager, m);
      add(top, t);
      lines += own + m + t;
    });
    const { rows } = await database.db.execute<{ partner_id: number; total: string }>(
      sql`select partner_id, total_cents as total from statements where month = ${MONTH}`,
    );
    const actual = new Map(rows.map((r) => [Number(r.partner_id), Number(r.total)]));
    let wrong = 0;
    // Min payout is 0: a partner with a positive total has a statement; none below zero should.
    for (const [id, cents] of expected) if ((cents > 0 ? cents : undefined) !== actual.get(id)) wrong++;
    const totalNet = nets.reduce((a, n) => a + n, 0);
    const dryLevels = dry.data.splits.levels.reduce((a, l) => a + l.amount_cents, 0);
    const balanced = dryLevels === lines && dry.data.splits.house_cents === totalNet - lines;
    return {
      dryRunMs,
      commitMs,
      dryRunCpu: cpuBetween(cpuAtStart, cpuAfterDryRun),
      commitCpu: cpuBetween(cpuAfterDryRun, cpuAfterCommit),
      memoryGrowthMb: Math.round((rssPeak - rssBefore) / 1_048_576),
      partners: expected.size,
      wrongStatements: wrong,
      balanced,
    };
  } finally {
    if (child.exitCode === null) {
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
    }
    await database.close();
  }
}

export async function runSplitBench(): Promise<SplitBenchResult | null> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL: the split bench runs on PostgreSQL)');
    return null;
  }
  const result = await withPostgresDatabase(url, bench);
  console.log(loadAverageLine());
  console.log(
    `${ROWS.toLocaleString('en-US')} rows of ${AGENTS.toLocaleString('en-US')} agents, each under a manager and a top partner (three-level chains); targets: each step < ${SPLIT_STEP_TARGET_MS / 1000} s, memory growth < ${SPLIT_MEMORY_TARGET_MB} MB`,
  );
  const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');
  console.log(`dry run   ${(result.dryRunMs / 1000).toFixed(1)} s (${verdict(result.dryRunMs < SPLIT_STEP_TARGET_MS)} target)`);
  console.log(`commit    ${(result.commitMs / 1000).toFixed(1)} s (${verdict(result.commitMs < SPLIT_STEP_TARGET_MS)} target)`);
  const cpu = ({ serverMs, postgresMs }: SplitBenchResult['commitCpu']) =>
    postgresMs === null
      ? `server ${(serverMs / 1000).toFixed(1)} s (PostgreSQL not on this machine)`
      : `${((serverMs + postgresMs) / 1000).toFixed(1)} s: server ${(serverMs / 1000).toFixed(1)} s + PostgreSQL ${(postgresMs / 1000).toFixed(1)} s`;
  console.log(
    `CPU time, what each step takes on a quiet machine: dry run ${cpu(result.dryRunCpu)}; commit ${cpu(result.commitCpu)}`,
  );
  console.log(
    `memory    +${result.memoryGrowthMb} MB peak RSS of the server process during both (${verdict(result.memoryGrowthMb < SPLIT_MEMORY_TARGET_MB)} target)`,
  );
  console.log(
    `statements: ${result.partners.toLocaleString('en-US')} partners, ${result.wrongStatements} off by any cent; dry-run levels + house = net: ${result.balanced ? 'yes' : 'NO'}`,
  );
  return result;
}

const serveUrl = process.env.BENCH_SPLIT_SERVE;
if (serveUrl) {
  serveSplits(serveUrl).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
} else if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runSplitBench().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
