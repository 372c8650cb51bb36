import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock';
import { openDatabase } from '.';

const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

/** Another process that takes the lock of `dataDir` and keeps it until killed. */
async function holdInAnotherProcess(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--eval',
      `import(${JSON.stringify(lockModule)}).then((m) => { m.lockDataDir(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1000); });`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  return child;
}

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  return exited;
}

/** The pid of a process that has exited. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['--eval', '0']);
  return pid;
}

const writeLock = (dataDir: string, holder: object) =>
  fs.writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ command: 'node something', since: 'earlier', ...holder }));

// Only the embedded database has a data directory: the PostgreSQL project would run the same files again.
describe.skipIf(process.env.TEST_DB === 'postgres')('the lock of an embedded database directory', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-lock-test-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await Promise.all(children.splice(0).map((child) => stop(child)));
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second process at once, naming the holder, and writes nothing', async () => {
    const dataDir = tempDir();
    const holder = await holdInAnotherProcess(dataDir);
    children.push(holder);

    const started = Date.now();
    const refusal = await openDatabase({ dataDir }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    const message = (refusal as Error).message;
    expect(message).toContain(`process ${holder.pid}`);
    expect(message).toContain('node --import tsx --eval');
    expect(message).toContain('Stop that process');
    expect(message).toContain('DATABASE_URL');
    // PGlite never started: no cluster was created, and the holder's lock is untouched.
    expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: holder.pid });
  });

  it('is taken over when its holder was killed', async () => {
    const dataDir = tempDir();
    const holder = await holdInAnotherProcess(dataDir);
    await stop(holder, 'SIGKILL');
    // SIGKILL leaves the lock file behind.
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);

    const release = lockDataDir(dataDir);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('is taken over when its pid is dead, and the database opens', async () => {
    const dataDir = tempDir();
    writeLock(dataDir, { pid: deadPid() });
    const database = await openDatabase({ dataDir });
    try {
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 120_000);

  it.skipIf(!fs.existsSync('/proc/self/stat'))('is taken over when its pid now belongs to another process', async () => {
    const dataDir = tempDir();
    const other = await holdInAnotherProcess(tempDir());
    children.push(other);
    writeLock(dataDir, { pid: other.pid, processStart: '1' });
    lockDataDir(dataDir)();
  });

  it('is taken over when it is unreadable (a crash while it was written)', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), '{"pid":');
    lockDataDir(dataDir)();
  });

  it('refuses a second open in the same process', () => {
    const dataDir = tempDir();
    const release = lockDataDir(dataDir);
    try {
      expect(() => lockDataDir(dataDir)).toThrow(`this process (pid ${process.pid})`);
    } finally {
      release();
    }
  });

  it('is released when its process exits without closing the database', async () => {
    const dataDir = tempDir();
    const child = spawn(process.execPath, [
      '--import',
      'tsx',
      '--eval',
      `import(${JSON.stringify(lockModule)}).then((m) => { m.lockDataDir(${JSON.stringify(dataDir)}); process.exit(3); });`,
    ]);
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(3);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});
