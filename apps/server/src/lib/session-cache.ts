import type { FastifyBaseLogger } from 'fastify';
import type { ActiveSession } from './sessions';
import type { RedisConnection } from './redis';

/**
 * Validated sessions kept in memory for `ttlMs`, so an authenticated request costs no query.
 *
 * Revocation stays immediate: every function that ends a session or alters its user registers
 * `evictUser` on the executor it writes with (lib/session-evictions.ts), which runs once the change
 * is committed and forgets that user's sessions here and, through Redis pub/sub, on every instance. Before trusting an entry an instance waits for a PING on its subscribed
 * connection (one shared by every request of the same tick), so each eviction published before
 * the request arrived has been applied. While the subscription is down nothing is served from
 * memory (every request reads the database) and the cache is emptied, since messages may be lost.
 */
export interface SessionCache {
  /** A session validated earlier that no eviction has touched since, or undefined. */
  get(tokenHash: string): Promise<ActiveSession | undefined>;
  /** Taken before reading a session from the database and passed to `set`. */
  mark(): number;
  /** Keeps a session read from the database, unless its user was evicted after `mark`. */
  set(tokenHash: string, session: ActiveSession, mark: number): void;
  delete(tokenHash: string): void;
  /** Forgets the user's sessions here and on every instance; run after a commit by lib/session-evictions.ts. */
  evictUser(userId: number): Promise<void>;
  /** Resolves once evictions from other instances are being received (at once without Redis). */
  subscribed(): Promise<void>;
  close(): Promise<void>;
}

export interface SessionCacheOptions {
  ttlMs: number;
  /** Shared evictions between instances; without it they stay in this process. */
  redis?: RedisConnection;
  log: FastifyBaseLogger;
  maxEntries?: number;
}

export function createSessionCache(opts: SessionCacheOptions): SessionCache {
  if (opts.ttlMs === 0) {
    // Off: every request reads its session, so nothing needs evicting.
    return {
      get: async () => undefined,
      mark: () => 0,
      set() {},
      delete() {},
      async evictUser() {},
      async subscribed() {},
      async close() {},
    };
  }

  const maxEntries = opts.maxEntries ?? 10_000;
  const entries = new Map<string, { session: ActiveSession; expiresAt: number }>();
  const tokensByUser = new Map<number, Set<string>>();
  /** A sequence, not a clock: an eviction and a read in the same millisecond stay ordered. */
  let seq = 0;
  const evictedAt = new Map<number, number>();
  /** Reads marked before this are not kept (history forgotten, or the subscription was down). */
  let floor = 0;
  const { redis } = opts;
  const channel = redis ? `${redis.prefix}session-evictions` : '';
  let isSubscribed = !redis;

  function forget(tokenHash: string) {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    const tokens = tokensByUser.get(entry.session.user.id);
    tokens?.delete(tokenHash);
    if (tokens && !tokens.size) tokensByUser.delete(entry.session.user.id);
  }

  function clear() {
    entries.clear();
    tokensByUser.clear();
    evictedAt.clear();
    floor = ++seq;
  }

  function evictLocally(userId: number) {
    for (const tokenHash of tokensByUser.get(userId) ?? []) forget(tokenHash);
    evictedAt.set(userId, ++seq);
    if (evictedAt.size > maxEntries) {
      evictedAt.clear();
      floor = seq;
    }
  }

  let barrier: Promise<boolean> | null = null;
  /** Resolves once every message published before this call has been handled (true), or could not tell (false). */
  function waitForEvictions(): Promise<boolean> {
    if (!redis) return Promise.resolve(true);
    // Requests of this tick share one PING, sent after all of them arrived.
    barrier ??= new Promise((resolve) => {
      setImmediate(() => {
        barrier = null;
        redis.subscriber.ping().then(
          () => resolve(true),
          () => resolve(false),
        );
      });
    });
    return barrier;
  }

  let onSubscribed: () => void = () => {};
  const firstSubscription = redis ? new Promise<void>((resolve) => (onSubscribed = resolve)) : Promise.resolve();
  let retry: NodeJS.Timeout | undefined;
  if (redis) {
    const { subscriber } = redis;
    const subscribe = () => {
      clearTimeout(retry);
      subscriber.subscribe(channel).then(
        () => {
          clear();
          isSubscribed = true;
          onSubscribed();
        },
        // A SUBSCRIBE that outlived the command timeout (a loaded machine) is tried again while the
        // connection stays up; a new connection subscribes on its own 'ready'. Without this the
        // instance stayed unsubscribed (no cache) until its connection dropped.
        () => {
          if (subscriber.status === 'ready' && !isSubscribed) retry = setTimeout(subscribe, 250).unref();
        },
      );
    };
    subscriber.on('message', (from: string, message: string) => {
      if (from === channel) evictLocally(Number(message));
    });
    subscriber.on('ready', subscribe);
    subscriber.on('close', () => {
      clearTimeout(retry);
      isSubscribed = false;
      clear();
    });
    if (subscriber.status === 'ready') subscribe();
  }

  return {
    async get(tokenHash) {
      if (!isSubscribed || !entries.has(tokenHash)) return undefined;
      if (!(await waitForEvictions()) || !isSubscribed) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        forget(tokenHash);
        return undefined;
      }
      return entry.session;
    },
    mark: () => ++seq,
    subscribed: () => firstSubscription,
    set(tokenHash, session, mark) {
      const userId = session.user.id;
      if (!isSubscribed || mark < floor || (evictedAt.get(userId) ?? 0) > mark) return;
      forget(tokenHash);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) forget(oldest);
      }
      entries.set(tokenHash, { session, expiresAt: Date.now() + opts.ttlMs });
      let tokens = tokensByUser.get(userId);
      if (!tokens) tokensByUser.set(userId, (tokens = new Set()));
      tokens.add(tokenHash);
    },
    delete: forget,
    async evictUser(userId) {
      evictLocally(userId);
      if (!redis) return;
      try {
        await redis.client.publish(channel, String(userId));
      } catch (err) {
        // Another instance that cannot hear us most likely cannot reach Redis either, and then serves nothing from memory.
        opts.log.warn({ err: { message: (err as Error).message }, userId }, 'session eviction not published to other instances');
      }
    },
    async close() {
      clearTimeout(retry);
      clear();
    },
  };
}
