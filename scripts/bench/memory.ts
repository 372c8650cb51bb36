// Idle memory of the server as `npm start` runs it (issue 8 §4: under 300 MB on the embedded database,
// against about 190 MB on PostgreSQL). Each database: `node scripts/start.mjs` starts once on an empty
// data directory or database (builds what it builds, migrates, creates the first admin) and stops; it
// starts again on that database, as after a restart. Each time, once it answers /readyz and has stayed
// idle IDLE_SECONDS (lead worker polling), the resident memory of the server process (the child
// start.mjs spawns, read from /proc) is taken. start.mjs's own process is shown beside it. The environment is the product's
// defaults: nothing set but PORT, HOST=127.0.0.1, DATA_DIR (and DATABASE_URL, SECRETS_KEY on PostgreSQL).
// The first start is shown too: on the embedded database it creates the cluster.
// PGlite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh
// database is created and dropped). Linux only (/proc). Run alone: `node --import tsx scripts/bench/memory.ts`.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withPostgresDatabase } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);

interface IdleMemory {
  /** The server process (bytes). */
  serverRss: number;
  /** start.mjs, which spawned it and waits (bytes). */
  launcherRss: number;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** The environment npm start would see on a fresh install: none of the caller's settings. */
function productEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of ['PATH', 'HOME', 'LANG', 'TMPDIR']) if (process.env[key] !== undefined) env[key] = process.env[key];
  return { ...env, ...extra };
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb[1]) * 1024;
}

function childrenOf(pid: number): number[] {
  const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

async function waitReady(port: number, child: ChildProcess, output: () => string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}) before serving:\n${output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`npm start did not answer /readyz within ${timeoutMs / 1000} s:\n${output()}`);
}

/** Runs `node scripts/start.mjs` until it serves, calls `whileServing`, then stops it with SIGTERM. */
async function withStartedServer<T>(env: Record<string, string>, whileServing: (launcherPid: number) => Promise<T>): Promise<T> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: productEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  try {
    await waitReady(port, child, () => output);
    return await whileServing(child.pid!);
  } finally {
    if (child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
  }
}

async function idleMemory(launcherPid: number): Promise<IdleMemory> {
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const [serverPid] = childrenOf(launcherPid);
  if (!serverPid) throw new Error('start.mjs has no server process');
  return { serverRss: rssOf(serverPid), launcherRss: rssOf(launcherPid) };
}

/** Idle memory after the first start on an empty database (migrations, first admin), then after a restart. */
async function measureIdle(env: Record<string, string>): Promise<{ first: IdleMemory; restarted: IdleMemory }> {
  const first = await withStartedServer(env, idleMemory);
  return { first, restarted: await withStartedServer(env, idleMemory) };
}

/** A bare Node process idle (the floor any server starts from), measured the same way. */
async function measureBareNode(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 1_000));
  const rss = rssOf(child.pid!);
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
  return rss;
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Measures and prints idle RSS on each database (scripts/bench/index.ts calls it). */
export async function runMemoryBench(): Promise<{ database: string; first: IdleMemory; restarted: IdleMemory }[]> {
  if (process.platform !== 'linux') {
    console.log('(idle memory is read from /proc: Linux only)');
    return [];
  }
  const rows: { database: string; first: IdleMemory; restarted: IdleMemory }[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-idle-'));
  try {
    rows.push({ database: 'pglite', ...(await measureIdle({ DATA_DIR: dataDir })) });
    const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (postgresUrl) {
      const env = { DATA_DIR: path.join(dataDir, 'pg'), SECRETS_KEY: randomBytes(24).toString('hex') };
      const measured = await withPostgresDatabase(postgresUrl, (url) => measureIdle({ ...env, DATABASE_URL: url }));
      rows.push({ database: 'postgres', ...measured });
    } else console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure PostgreSQL too)');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const bare = await measureBareNode();
  console.log(
    `npm start (scripts/start.mjs), idle ${IDLE_SECONDS} s once serving, product defaults (worker on); RSS of the server process`,
  );
  const header = ['database', 'restarted', 'first start', 'start.mjs', ''];
  const cells = rows.map((r) => [
    r.database,
    mb(r.restarted.serverRss),
    mb(r.first.serverRss),
    mb(r.restarted.launcherRss),
    r.database === 'pglite' ? 'target < 300 MB' : 'reference',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i >= 1 && i <= 3 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ');
  console.log(line(header).trimEnd());
  for (const c of cells) console.log(line(c).trimEnd());
  console.log(`bare node process idle: ${mb(bare)} (the floor)`);
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runMemoryBench().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
