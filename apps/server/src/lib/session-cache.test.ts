import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisConnection } from './redis';
import { createSessionCache } from './session-cache';

/** A subscriber connection that stays up but whose first SUBSCRIBE times out, as on a loaded machine. */
function subscriberFailingOnce() {
  const subscriber = Object.assign(new EventEmitter(), {
    status: 'ready',
    calls: 0,
    subscribe(): Promise<number> {
      subscriber.calls += 1;
      return subscriber.calls === 1 ? Promise.reject(new Error('Command timed out')) : Promise.resolve(1);
    },
    ping: () => Promise.resolve('PONG'),
  });
  return subscriber;
}

describe('the session cache with Redis', () => {
  it('subscribes again when a SUBSCRIBE fails while the connection stays up, instead of never hearing evictions', async () => {
    const subscriber = subscriberFailingOnce();
    const redis = { prefix: 'pp-test:', subscriber, client: subscriber, close: async () => {} } as unknown as RedisConnection;
    const cache = createSessionCache({ ttlMs: 60_000, redis, log: { warn() {} } as unknown as FastifyBaseLogger });
    await cache.subscribed();
    expect(subscriber.calls).toBe(2);
    await cache.close();
  });
});
