import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import {
  createFallbackCounterStore,
  createMemoryCounterStore,
  createRedisCounterStore,
  type CounterStore,
} from './counter-store';
import { connectRedis, type RedisConnection } from './redis';
import { createSessionCache, type SessionCache } from './session-cache';

/**
 * What instances behind one load balancer must agree on: rate-limit counters, account lockouts and
 * session revocations. In Redis when REDIS_URL is set, in this process otherwise.
 *
 * While Redis is unreachable (README, "Several instances"): every counter (per-address request
 * limits, failed logins, reset mails) falls back to this instance's memory (limits keep holding, per
 * instance, and nobody is locked out), and sessions are read from the database on every request (a
 * revocation is still refused at once).
 */
export interface SharedState {
  redis?: RedisConnection;
  counters: CounterStore;
  sessionCache: SessionCache;
  close(): Promise<void>;
}

export async function openSharedState(config: Config, log: FastifyBaseLogger, counters?: CounterStore): Promise<SharedState> {
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, log) : undefined;
  const ownCounters = !counters;
  const local = createMemoryCounterStore();
  const store =
    counters ??
    (redis
      ? createFallbackCounterStore(createRedisCounterStore(redis.client, `${redis.prefix}counter:`), local, () => {})
      : local);
  const sessionCache = createSessionCache({ ttlMs: config.SESSION_CACHE_TTL_MS, redis, log });
  return {
    redis,
    counters: store,
    sessionCache,
    async close() {
      await sessionCache.close();
      if (ownCounters) await store.close();
      else await local.close();
      await redis?.close();
    },
  };
}
