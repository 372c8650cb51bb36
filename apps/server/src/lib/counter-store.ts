import type { Redis } from 'ioredis';

/**
 * Expiring counters for throttles: in this process's memory, or in Redis (INCR with PEXPIRE, PTTL,
 * DEL) so every instance sees one count.
 */
export interface CounterStore {
  /**
   * Adds one to `key` and returns the new count. A new counter expires `ttlMs` from now; with
   * `refreshTtl` every increment pushes the expiry to `ttlMs` from now (counts since the last hit).
   */
  increment(key: string, ttlMs: number, opts?: { refreshTtl?: boolean }): Promise<number>;
  /** The live count and the milliseconds until it expires, or null. */
  get(key: string): Promise<{ count: number; expiresInMs: number } | null>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One process's counters; expired ones are swept every minute. */
export function createMemoryCounterStore(now: () => number = () => Date.now()): CounterStore {
  const counters = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.expiresAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = setInterval(() => {
    const at = now();
    for (const [key, entry] of counters) if (entry.expiresAt <= at) counters.delete(key);
  }, 60_000);
  sweep.unref();

  return {
    async increment(key, ttlMs, opts = {}) {
      const entry = live(key);
      if (!entry) {
        counters.set(key, { count: 1, expiresAt: now() + ttlMs });
        return 1;
      }
      entry.count += 1;
      if (opts.refreshTtl) entry.expiresAt = now() + ttlMs;
      return entry.count;
    },
    async get(key) {
      const entry = live(key);
      return entry ? { count: entry.count, expiresInMs: entry.expiresAt - now() } : null;
    },
    async delete(key) {
      counters.delete(key);
    },
    async close() {
      clearInterval(sweep);
      counters.clear();
    },
  };
}

const incrementScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or ARGV[2] == '1' then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

type RedisWithIncrement = Redis & {
  portalIncrement(key: string, ttlMs: number, refresh: '0' | '1'): Promise<number>;
};

/** Counters every instance shares; each call is one round trip (the increment is one Lua script). */
export function createRedisCounterStore(redis: Redis, prefix: string): CounterStore {
  if (!('portalIncrement' in redis)) redis.defineCommand('portalIncrement', { numberOfKeys: 1, lua: incrementScript });
  const client = redis as RedisWithIncrement;
  const k = (key: string) => `${prefix}${key}`;
  return {
    increment: (key, ttlMs, opts = {}) => client.portalIncrement(k(key), ttlMs, opts.refreshTtl ? '1' : '0'),
    async get(key) {
      const results = await client.multi().get(k(key)).pttl(k(key)).exec();
      const [[getErr, count] = [], [ttlErr, ttl] = []] = results ?? [];
      const err = getErr ?? ttlErr;
      if (err) throw err instanceof Error ? err : new Error(String(err));
      if (count === null || count === undefined || typeof ttl !== 'number' || ttl <= 0) return null;
      return { count: Number(count), expiresInMs: ttl };
    },
    async delete(key) {
      await client.del(k(key));
    },
    // The connection belongs to the app (lib/redis.ts), which closes it.
    async close() {},
  };
}

/**
 * The shared store while it answers, this process's memory while it does not: an account limit
 * keeps holding (per instance) during a Redis outage instead of failing open or locking everyone
 * out. Counts made meanwhile stay in memory; once Redis answers again its counts apply.
 */
export function createFallbackCounterStore(
  shared: CounterStore,
  local: CounterStore,
  onFallback: (err: unknown) => void,
): CounterStore {
  const attempt = async <T>(run: (store: CounterStore) => Promise<T>): Promise<T> => {
    try {
      return await run(shared);
    } catch (err) {
      onFallback(err);
      return run(local);
    }
  };
  return {
    increment: (key, ttlMs, opts) => attempt((store) => store.increment(key, ttlMs, opts)),
    get: (key) => attempt((store) => store.get(key)),
    async delete(key) {
      // Also here: a count made during an outage must not outlive a success.
      await local.delete(key);
      await attempt((store) => store.delete(key));
    },
    async close() {
      await Promise.all([shared.close(), local.close()]);
    },
  };
}
