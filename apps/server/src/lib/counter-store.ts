/**
 * Expiring counters for throttles. Memory here; a shared store (Redis: INCR with PEXPIRE, PTTL,
 * DEL) implements the same three calls so every instance sees one count.
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
