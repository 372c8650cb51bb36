import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@portal/contract';
import { badRequest } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { UserRow } from '../../lib/sessions';
import { limitRequestsPerIp, tooManyRequests, type RateLimit } from '../../lib/request-limits';
import { normalizeEmail } from './users-service';

const minute = 60_000;

/**
 * Request rates per client IP, in one place so the README can cite them. Each is a fixed time
 * window: a throttled IP recovers by itself once its window ends.
 */
export const authRateLimits = {
  loginPerIp: { max: 10, timeWindowMs: minute },
  registerPerIp: { max: 10, timeWindowMs: 60 * minute },
  forgotPasswordPerIp: { max: 20, timeWindowMs: 60 * minute },
  /** Looking up what a reset or invitation link is worth, and asking for a new invitation. */
  linkStatusPerIp: { max: 30, timeWindowMs: 60 * minute },
} as const satisfies Record<string, RateLimit>;

/**
 * Failed logins, counted per account: only failures count, a success clears them, and each counter
 * expires `timeWindowMs` after its last failure. The account-and-address pair is what a guesser
 * hits; the account alone has NIST SP 800-63B's ceiling of 100 consecutive failures, so a stranger
 * guessing from elsewhere never locks the owner out of their own address before that.
 */
export const loginFailureLimits = {
  perAccountAndIp: { max: 5, timeWindowMs: 15 * minute },
  perAccount: { max: 100, timeWindowMs: 24 * 60 * minute },
} as const satisfies Record<string, RateLimit>;

/**
 * One reset mail per account in this interval; further requests answer the same but send nothing.
 * The link already mailed still works (only a new mail replaces it), so nobody is locked out.
 */
export const resetMailIntervalMs = 2 * minute;

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const tooManyAttempts = (reply: FastifyReply, waitMs: number) =>
  tooManyRequests(reply, waitMs, messages.http.tooManyAttempts(waitMs));

/** An onRequest hook answering 429 past one of `authRateLimits` from one client IP. */
export function limitRequests(app: FastifyInstance, name: keyof typeof authRateLimits): Hook {
  return limitRequestsPerIp(app, name, authRateLimits[name], messages.http.tooManyAttempts);
}

export interface LoginThrottle {
  /** Throws 429 while this account is locked for this address, or for every address. */
  check(request: FastifyRequest, reply: FastifyReply, email: string): Promise<void>;
  recordFailure(request: FastifyRequest, email: string): Promise<void>;
  recordSuccess(request: FastifyRequest, email: string): Promise<void>;
}

/**
 * `prefix` names what fails: `login-failures` (passwords, by email) or `totp-failures` (second-factor
 * codes, by user id), so a wrong code and a wrong password count separately, with the same limits.
 */
export function createLoginThrottle(app: FastifyInstance, prefix = 'login-failures'): LoginThrottle {
  const { perAccountAndIp, perAccount } = loginFailureLimits;
  const keys = (request: FastifyRequest, email: string) => {
    const account = normalizeEmail(email);
    return { pair: `${prefix}:${account}|${request.ip}`, account: `${prefix}:${account}` };
  };
  if (app.config.RATE_LIMITS === 'off') {
    return { check: async () => {}, recordFailure: async () => {}, recordSuccess: async () => {} };
  }
  const store = app.counters;
  return {
    async check(request, reply, email) {
      const key = keys(request, email);
      const [pair, account] = await Promise.all([store.get(key.pair), store.get(key.account)]);
      const waits = [
        pair && pair.count >= perAccountAndIp.max ? pair.expiresInMs : 0,
        account && account.count >= perAccount.max ? account.expiresInMs : 0,
      ];
      const waitMs = Math.max(...waits);
      if (waitMs > 0) throw tooManyAttempts(reply, waitMs);
    },
    async recordFailure(request, email) {
      const key = keys(request, email);
      await Promise.all([
        store.increment(key.pair, perAccountAndIp.timeWindowMs, { refreshTtl: true }),
        store.increment(key.account, perAccount.timeWindowMs, { refreshTtl: true }),
      ]);
    },
    async recordSuccess(request, email) {
      const key = keys(request, email);
      await Promise.all([store.delete(key.pair), store.delete(key.account)]);
    },
  };
}

export interface PasswordCheck {
  /**
   * Checks a signed-in user's current password (change-password, two-factor setup and disable).
   * It counts in sign-in's failure counters: 429 with the wait while the account is locked, a wrong
   * password is a failed sign-in (400 on `field`), a right one clears the count.
   */
  verify(
    request: FastifyRequest,
    reply: FastifyReply,
    user: Pick<UserRow, 'email' | 'passwordHash'>,
    password: string,
    field: string,
  ): Promise<void>;
}

/** Every check of the current password goes through this, so none can be guessed without limit. */
export function createPasswordCheck(app: FastifyInstance): PasswordCheck {
  const throttle = createLoginThrottle(app);
  return {
    async verify(request, reply, user, password, field) {
      await throttle.check(request, reply, user.email);
      if (!(await verifyPassword(user.passwordHash, password))) {
        await throttle.recordFailure(request, user.email);
        throw badRequest(messages.account.currentPasswordWrong, { [field]: messages.account.currentPasswordWrong });
      }
      await throttle.recordSuccess(request, user.email);
    },
  };
}

/**
 * Whether to mail a reset link for this email now: false when one was mailed within
 * `resetMailIntervalMs` (counted from that mail, however often it is asked for meanwhile).
 */
export async function claimResetMail(app: FastifyInstance, email: string): Promise<boolean> {
  if (app.config.RATE_LIMITS === 'off') return true;
  return (await app.counters.increment(`reset-mail:${normalizeEmail(email)}`, resetMailIntervalMs)) === 1;
}
