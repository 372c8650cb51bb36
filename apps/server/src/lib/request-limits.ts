import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

export interface RateLimit {
  max: number;
  timeWindowMs: number;
}

/** A 429 for the error handler, with a `Retry-After` header of the wait in whole seconds (at least 1). */
export function tooManyRequests(reply: FastifyReply, waitMs: number, message: string): AppError {
  reply.header('retry-after', Math.max(1, Math.ceil(waitMs / 1000)));
  return new AppError(429, message);
}

/**
 * An onRequest hook answering 429 once one client IP has made `limit.max` requests in a fixed
 * window: the window starts with the IP's first request and ends `limit.timeWindowMs` later, when
 * the IP recovers by itself. Counted in `app.counters`, the store of every other throttle: in Redis
 * when REDIS_URL is set (one count for every instance), in this instance's memory without it or
 * while Redis is down. `name` keeps each limit's counts apart; `message` says how long to wait.
 */
export function limitRequestsPerIp(
  app: FastifyInstance,
  name: string,
  limit: RateLimit,
  message: (waitMs: number) => string,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  if (app.config.RATE_LIMITS === 'off') return async () => {};
  return async (request, reply) => {
    const key = `rate:${name}:${request.ip}`;
    if ((await app.counters.increment(key, limit.timeWindowMs)) <= limit.max) return;
    const waitMs = (await app.counters.get(key))?.expiresInMs ?? limit.timeWindowMs;
    throw tooManyRequests(reply, waitMs, message(waitMs));
  };
}
