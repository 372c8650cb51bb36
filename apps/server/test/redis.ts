import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createPostgresTestDatabase, createTestContext, openTestDatabase, type TestContext } from './context';
import { openDatabase } from '../src/db';

/** The Redis the shared-state tests use (`.ci/run` sets redis://127.0.0.1:6379); unset, they are skipped. */
export const testRedisUrl = process.env.REDIS_URL;
export const noRedisReason = 'REDIS_URL is not set: the two-instance tests need a Redis (.ci/run sets redis://127.0.0.1:6379)';

/** A key prefix of its own per call, so parallel runs and files never share a counter or a channel. */
export const uniqueRedisPrefix = () => `pp-test:${randomBytes(6).toString('hex')}:`;

/** Deletes every key under the prefix (counters expire anyway; this keeps a shared Redis tidy). */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * Two instances of the app, as behind a load balancer: two `buildApp` on the same database (one
 * PGlite shared in process, or two connection pools on one PostgreSQL database) with the same env.
 */
/** The tests count on each instance hearing the other's evictions from its first request. */
const subscribed = (...instances: TestContext[]) => Promise.all(instances.map((i) => i.app.sessionCache.subscribed()));

export async function openTwoInstances(
  env: Record<string, string>,
): Promise<{ a: TestContext; b: TestContext; close(): Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const database = await createPostgresTestDatabase();
    const a = await createTestContext(env, { openDatabase: () => openDatabase({ url: database.url }) });
    const b = await createTestContext(env, { openDatabase: () => openDatabase({ url: database.url }) });
    await subscribed(a, b);
    return {
      a,
      b,
      async close() {
        await Promise.all([a.close(), b.close()]);
        await database.drop();
      },
    };
  }
  const handle = await openTestDatabase();
  const shared = { ...handle, close: async () => {} };
  const a = await createTestContext(env, { openDatabase: async () => shared });
  const b = await createTestContext(env, { openDatabase: async () => shared });
  await subscribed(a, b);
  return {
    a,
    b,
    async close() {
      await Promise.all([a.close(), b.close()]);
      await handle.close();
    },
  };
}
