import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@portal/contract';
import { AppError } from '../../lib/errors';

export interface RateLimit {
  max: number;
  timeWindowMs: number;
}

const minute = 60_000;

/**
 * The account limits, in one place so the README can cite them. Each is a fixed time window: a
 * throttled IP or email recovers by itself once its window ends. Counters live in the process
 * memory, so each app instance counts on its own.
 */
export const authRateLimits = {
  loginPerIp: { max: 10, timeWindowMs: minute },
  loginPerEmail: { max: 5, timeWindowMs: 15 * minute },
  registerPerIp: { max: 10, timeWindowMs: 60 * minute },
  forgotPasswordPerIp: { max: 20, timeWindowMs: 60 * minute },
  forgotPasswordPerEmail: { max: 5, timeWindowMs: 15 * minute },
} as const satisfies Record<string, RateLimit>;

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A hook answering 429 past `limit`, counted per client IP, or per `keyOf(request)` when given
 * (use it as a preHandler when the key comes from the validated body). The plugin's route config
 * allows a single limit per route and login needs two, hence `createRateLimit`.
 */
export function limitRequests(app: FastifyInstance, limit: RateLimit, keyOf?: (request: FastifyRequest) => string): Hook {
  if (app.config.RATE_LIMITS === 'off') return async () => {};
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    ...(keyOf && { keyGenerator: keyOf }),
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw new AppError(429, messages.http.tooManyRequests);
  };
}

/** Rate-limit key of the validated body's email: the same account however it is typed. */
export function bodyEmailKey(request: FastifyRequest): string {
  const { email } = request.body as { email: string };
  return email.trim().toLowerCase();
}
