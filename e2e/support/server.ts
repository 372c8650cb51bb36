import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN } from './constants';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverBundle = 'apps/server/dist/server.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Portal {
  baseURL: string;
  dataDir: string;
  /** The process started: the server, or `scripts/start.mjs` (its parent) with `viaNpmStart`. */
  pid: number;
  /** Stops the server and deletes its data, unless `keepData`. */
  stop(opts?: { keepData?: boolean }): Promise<void>;
}

/** Set by the global setup: a data directory migrated once, with the first admin, that each portal copies. */
const TEMPLATE_ENV = 'E2E_PORTAL_TEMPLATE';
/** Set by the global setup: where each portal writes its pid, so the teardown can stop any a dead worker left. */
const PIDS_ENV = 'E2E_PORTAL_PIDS';

/**
 * A server of its own (fresh embedded database, production mode) on a free port; the built web app must
 * exist. `env` adds to the shell's environment; a variable given as undefined is taken out of it.
 * Its database starts as a copy of the run's template when there is one: creating and migrating an
 * embedded database costs about 10 s of CPU, paid once per server build (prepareTemplate) instead of per worker.
 */
export async function startPortal(
  env: Record<string, string | undefined> = {},
  {
    fromTemplate = true,
    viaNpmStart = false,
    output = 'ignore',
  }: {
    fromTemplate?: boolean;
    /** Started as `npm start` starts it: scripts/start.mjs, which runs the bundle as its child. */
    viaNpmStart?: boolean;
    /** Where the server's stdout and stderr go (a file descriptor), instead of nowhere and the test's stderr. */
    output?: 'ignore' | number;
  } = {},
): Promise<Portal> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-e2e-'));
  const template = process.env[TEMPLATE_ENV];
  if (fromTemplate && template) fs.cpSync(template, dataDir, { recursive: true });
  const baseURL = `http://127.0.0.1:${port}`;
  // E2E_SERVER_LOGS=<dir>: each server's log (stdout and stderr) in a file of its own there, to find what a slow test waited on.
  const logDir = output === 'ignore' ? process.env.E2E_SERVER_LOGS : undefined;
  if (logDir) fs.mkdirSync(logDir, { recursive: true });
  const logFile = logDir ? fs.openSync(path.join(logDir, `portal-${port}.log`), 'a') : undefined;
  // The compiled server `npm start` runs (decision 011), built with the web app by `npm run build`.
  if (!fs.existsSync(path.join(root, serverBundle))) throw new Error(`${serverBundle} is missing: run npm run build first`);
  const child: ChildProcess = spawn(process.execPath, [viaNpmStart ? 'scripts/start.mjs' : serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      // Its own embedded database, whatever the shell points at.
      DATABASE_URL: undefined,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMITS: 'off',
      // Sign-ups and sign-ins are every test's setup, not its subject: hashing each at the production cost
      // (19 MiB, two passes) took 0.3 to 1 s a request on a busy machine. The first admin's hash in the template too.
      PASSWORD_HASH_COST: 'low',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio:
      logFile !== undefined
        ? ['ignore', logFile, logFile]
        : output === 'ignore'
          ? ['ignore', 'ignore', 'inherit']
          : ['ignore', output, output],
  });
  if (logFile !== undefined) fs.closeSync(logFile);
  const pids = process.env[PIDS_ENV];
  if (pids && child.pid) fs.writeFileSync(path.join(pids, String(child.pid)), '');
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseURL}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('portal did not start within 150 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    dataDir,
    pid: child.pid!,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (pids && child.pid) fs.rmSync(path.join(pids, String(child.pid)), { force: true });
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Prepared templates, kept between runs under the server bundle and migrations they were made with. */
const templatesDir = path.join(root, 'e2e/.artifacts/portal-templates');

/** What a template depends on: the compiled server and the migrations it applies. */
function templateKey(): string {
  const hash = createHash('sha256').update(fs.readFileSync(path.join(root, serverBundle)));
  const migrations = path.join(root, 'apps/server/drizzle');
  for (const file of fs.readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrations, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The data directory every portal of a run copies: a portal started once on an empty database (migrated,
 * first admin created) and stopped cleanly, so the files are consistent. Made once per server build and
 * set of migrations, and reused until either changes: `npm test` makes it beside the unit tests, so the
 * browser tests start at once. Returns its path.
 */
export async function prepareTemplate(): Promise<string> {
  const dir = path.join(templatesDir, templateKey());
  if (fs.existsSync(dir)) return dir;
  const portal = await startPortal({}, { fromTemplate: false });
  await portal.stop({ keepData: true });
  // Older templates belong to an older build.
  fs.rmSync(templatesDir, { recursive: true, force: true });
  fs.mkdirSync(templatesDir, { recursive: true });
  // Copied beside its final name, then renamed, so a reader never sees half a template.
  const partial = `${dir}.partial-${process.pid}`;
  fs.cpSync(portal.dataDir, partial, { recursive: true });
  fs.rmSync(portal.dataDir, { recursive: true, force: true });
  fs.renameSync(partial, dir);
  return dir;
}

/**
 * Playwright's global setup: the template database every portal of the run copies, and the folder of
 * running portals' pids. Returns the teardown, which stops any portal a worker killed mid-test left behind.
 */
export async function preparePortals(): Promise<() => Promise<void>> {
  const pids = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-e2e-pids-'));
  process.env[PIDS_ENV] = pids;
  process.env[TEMPLATE_ENV] = await prepareTemplate();
  return async () => {
    for (const pid of fs.readdirSync(pids)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // already gone
      }
    }
    fs.rmSync(pids, { recursive: true, force: true });
  };
}
