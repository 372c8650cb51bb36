import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { openTwoInstances as openTwoInstancesOnOneDatabase, type TestContext, type TwoInstances } from './context';

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

/** The tests count on each instance hearing the other's evictions from its first request. */
const subscribed = (...instances: TestContext[]) => Promise.all(instances.map((i) => i.app.sessionCache.subscribed()));

/** Two instances on one database (test/context.ts), each subscribed to the other's session evictions. */
export async function openTwoInstances(env: Record<string, string>): Promise<TwoInstances> {
  const instances = await openTwoInstancesOnOneDatabase(env);
  await subscribed(instances.a, instances.b);
  return instances;
}
