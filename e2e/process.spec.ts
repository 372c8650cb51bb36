import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN } from './support/constants';
// The shared fixtures, though these tests use none of them: tests of another fixture set would need a
// worker of their own, and a worker that switches sets restarts its server and browser.
import { expect, test } from './support/fixtures';
import { startPortal } from './support/server';

/**
 * The server as a process (issue 19 §3–4): no browser, the built server and `npm start`'s script,
 * each on its own embedded database.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('a seed run while the server has DATA_DIR open is refused at once, and the server keeps serving', async () => {
  const portal = await startPortal();
  try {
    const started = Date.now();
    const seed = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/scripts/seed-demo.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: portal.dataDir, PUBLIC_URL: portal.baseURL },
      timeout: 30_000,
    });
    expect(seed.status).toBe(1);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(seed.stderr).toContain(`is already open in process ${portal.pid}: node apps/server/dist/server.js`);
    expect(seed.stderr).toContain('Stop that process first');
    expect(seed.stderr).toContain('DATABASE_URL');
    expect(seed.stdout).not.toContain('Demo data in');

    // The server still answers, from its database, and the seed wrote nothing into it.
    const login = await fetch(`${portal.baseURL}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect(login.status).toBe(200);
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const partners = await fetch(`${portal.baseURL}/api/v1/admin/users?search=demo.test`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(partners.status).toBe(200);
    expect(JSON.stringify(await partners.json())).not.toContain('dana@demo.test');
  } finally {
    await portal.stop();
  }
});

test('SIGTERM ends npm start and its server within SHUTDOWN_TIMEOUT_MS though nobody reads their output', async () => {
  test.skip(process.platform !== 'linux', 'finds the server process through /proc');
  // Their stdout and stderr: a named pipe that this test fills and never reads.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-e2e-shutdown-'));
  const fifo = path.join(dir, 'output');
  expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
  const { O_RDONLY, O_WRONLY, O_NONBLOCK } = fs.constants;
  const reader = fs.openSync(fifo, O_RDONLY | O_NONBLOCK);
  const output = fs.openSync(fifo, O_WRONLY | O_NONBLOCK);
  const timeoutMs = 2_000;
  const portal = await startPortal({ SHUTDOWN_TIMEOUT_MS: String(timeoutMs), LOG_LEVEL: 'info' }, { viaNpmStart: true, output });
  const pids = (): number[] => {
    const children = fs.readFileSync(`/proc/${portal.pid}/task/${portal.pid}/children`, 'utf8').trim();
    return [portal.pid, ...children.split(/\s+/).filter(Boolean).map(Number)];
  };
  const [startScript, server] = pids() as [number, number];
  try {
    expect(server).toBeGreaterThan(0);
    // Fill the pipe: every line either process writes from now on cannot be written.
    const filler = fs.openSync(fifo, O_WRONLY | O_NONBLOCK);
    try {
      for (;;) fs.writeSync(filler, Buffer.alloc(4096, '.'));
    } catch (err) {
      expect((err as NodeJS.ErrnoException).code).toBe('EAGAIN');
    } finally {
      fs.closeSync(filler);
    }
    // A request to log about, then the signal a harness sends when it is done.
    expect((await fetch(`${portal.baseURL}/api/v1/health`)).status).toBe(200);
    const signalled = Date.now();
    process.kill(startScript, 'SIGTERM');
    const limit = timeoutMs + 1_000;
    while ((isAlive(startScript) || isAlive(server)) && Date.now() - signalled < limit + 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect({ startScript: isAlive(startScript), server: isAlive(server) }).toEqual({ startScript: false, server: false });
    expect(Date.now() - signalled).toBeLessThan(limit);
  } finally {
    for (const pid of [server, startScript]) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    await portal.stop();
    fs.closeSync(reader);
    fs.closeSync(output);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
