import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process at a time in an embedded database (docs/decisions/012). PGlite keeps its own state in
 * memory and writes pages with no lock of its own: a second process on the same data directory
 * writes behind the first one's back and both corrupt it. So whoever opens DATA_DIR/pgdata first
 * creates DATA_DIR/pgdata.lock exclusively (it names the process), and anyone after is refused at
 * once; a lock whose process is gone is taken over. The lock is removed on close and at exit.
 */
export const LOCK_FILE = 'pgdata.lock';

export interface LockHolder {
  pid: number;
  /** How the holder was started (node and its arguments), for the message a refused process prints. */
  command: string;
  /** The holder's start time as the kernel counts it (Linux), so a reused pid is not taken for the holder. */
  processStart: string | null;
  since: string;
  hostname: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const who = holder.pid === process.pid ? `this process (pid ${holder.pid})` : `process ${holder.pid}`;
    super(
      [
        `The embedded database in ${dataDir} is already open in ${who}: ${holder.command} (since ${holder.since}).`,
        'Two processes must never open it at once. Stop that process first (the server: Ctrl+C, or',
        `kill ${holder.pid}) and run this again, or point DATABASE_URL at a PostgreSQL server, which any`,
        'number of processes can share.',
      ].join('\n'),
    );
    this.name = 'DataDirInUseError';
  }
}

/** Lock files this process holds, so it refuses itself too and tells its own stale lock from a live one. */
const heldHere = new Set<string>();

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot); null where there is no /proc. */
function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(holder: LockHolder, file: string): boolean {
  if (holder.pid === process.pid) return heldHere.has(file);
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const start = processStart(holder.pid);
  return !(holder.processStart && start && start !== holder.processStart);
}

function readHolder(file: string): LockHolder | null {
  try {
    const holder = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof holder.pid === 'number' && Number.isInteger(holder.pid) && holder.pid > 0 ? (holder as LockHolder) : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock of the embedded database in `dataDir` (created if missing), or throws
 * DataDirInUseError naming the live process that holds it. Returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    command: [
      path.basename(process.execPath),
      ...process.execArgv,
      ...process.argv.slice(1).map((arg) => path.relative(process.cwd(), arg) || arg),
    ]
      .join(' ')
      .slice(0, 200),
    processStart: processStart(process.pid),
    since: new Date().toISOString(),
    hostname: os.hostname(),
  };
  // Written whole beside the lock, then linked to its name: link() fails if the name exists, and a
  // reader never sees a half-written lock.
  const draft = `${file}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(draft, `${JSON.stringify(me)}\n`);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.linkSync(draft, file);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      }
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      const holder = readHolder(file);
      if (holder && isAlive(holder, file)) throw new DataDirInUseError(dir, holder);
      // Stale (its process is gone) or unreadable: taken over, unless it was replaced meanwhile.
      if (stat && fs.statSync(file, { throwIfNoEntry: false })?.ino === stat.ino) fs.rmSync(file, { force: true });
    }
  } catch (err) {
    if (err instanceof DataDirInUseError) throw err;
    // Lost a race for a lock that was stale: whoever won now holds it.
    const holder = readHolder(file);
    if ((err as NodeJS.ErrnoException).code === 'EEXIST' && holder) throw new DataDirInUseError(dir, holder);
    throw err;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  heldHere.add(file);

  const release = () => {
    if (!heldHere.delete(file)) return;
    process.off('exit', release);
    if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  // A process that exits without closing the database (a crash, process.exit) leaves no lock behind.
  process.on('exit', release);
  return release;
}
