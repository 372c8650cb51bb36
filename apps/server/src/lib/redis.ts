import type { Redis, RedisOptions } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The two connections an instance keeps to Redis: `client` for commands (counters, PUBLISH) and
 * `subscriber` for the session revocation channel (a subscribed connection takes no other commands).
 */
export interface RedisConnection {
  client: Redis;
  subscriber: Redis;
  /** Prefix of every key and channel (REDIS_KEY_PREFIX). */
  prefix: string;
  close(): Promise<void>;
}

/**
 * A command never waits for a connection: while Redis is down it fails at once (no offline queue)
 * or after `commandTimeout`, and each caller falls back (see README, "Several instances"). The
 * connections keep reconnecting in the background.
 */
const options: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 2_000,
  commandTimeout: 1_000,
  retryStrategy: (attempt) => Math.min(attempt * 250, 2_000),
  lazyConnect: true,
};

/** Connects both; resolves once they are ready or have failed once (the server starts either way). */
export async function connectRedis(url: string, prefix: string, log: FastifyBaseLogger): Promise<RedisConnection> {
  // Loaded only with REDIS_URL: a single instance never pays for the client in memory.
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { ...options, connectionName: 'portal' });
  const subscriber = new Redis(url, { ...options, connectionName: 'portal-sub' });
  for (const [name, connection] of [
    ['redis', client],
    ['redis subscriber', subscriber],
  ] as const) {
    let isDown = false;
    // Without a listener ioredis prints every failed reconnect; log each outage once instead.
    connection.on('error', (err: Error & { code?: string }) => {
      if (isDown) return;
      isDown = true;
      log.warn({ err: { message: err.message, code: err.code } }, `${name} unreachable; falling back until it is back`);
    });
    connection.on('ready', () => {
      if (isDown) log.info(`${name} reachable again`);
      isDown = false;
    });
  }
  await Promise.all([client.connect().catch(() => {}), subscriber.connect().catch(() => {})]);
  return {
    client,
    subscriber,
    prefix,
    async close() {
      // disconnect, not quit: quit would wait for a Redis that may be gone.
      client.disconnect();
      subscriber.disconnect();
    },
  };
}
