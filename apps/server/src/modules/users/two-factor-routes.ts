import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponse,
  disableTwoFactorRequest,
  enableTwoFactorRequest,
  messageEnvelope,
  recoveryCodesResponse,
  regenerateRecoveryCodesRequest,
  startTwoFactorSetupRequest,
  twoFactorLoginRequest,
  twoFactorMessages,
  twoFactorSetupResponse,
  twoFactorStatusResponse,
} from '@portal/contract';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/route-schemas';
import { createSecretBox, resolveSecretsKey } from '../../lib/secret-box';
import { currentUser, requireSignedIn } from '../../plugins/auth';
import { getBrandName } from '../settings';
import { createLoginThrottle, createPasswordCheck, limitRequests } from './rate-limits';
import {
  completeTwoFactorLogin,
  disableTwoFactor,
  enableTwoFactor,
  findLoginChallenge,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from './two-factor-service';
import { toUser } from './users-service';

const bearerAuth = [{ bearer: [] }];

/** The AES key of TOTP secrets: its own HKDF purpose, so another secret under SECRETS_KEY never shares it. */
export const totpSecretPurpose = 'totp-secret:v1';

/**
 * /users/two-factor (the signed-in user's own authenticator) and /users/login/two-factor (the
 * second step of a sign-in). Every code check goes through one throttle per account, with the
 * password's limits (rate-limits.ts): 5 wrong codes per account and address in 15 minutes, 100 per
 * account in a day, a right one clears them.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const box = createSecretBox(resolveSecretsKey(app.config), totpSecretPurpose);
  const throttle = createLoginThrottle(app, 'totp-failures');
  const passwordCheck = createPasswordCheck(app);
  const accountKey = (userId: number) => `user:${userId}`;

  /** Runs a code check under the throttle: 429 while locked, a failure counted, a success clearing the count. */
  async function throttled<T>(request: FastifyRequest, reply: FastifyReply, userId: number, check: () => Promise<T>): Promise<T> {
    await throttle.check(request, reply, accountKey(userId));
    try {
      const result = await check();
      await throttle.recordSuccess(request, accountKey(userId));
      return result;
    } catch (err) {
      if (err instanceof AppError && (err.errors?.code || err.errors?.recovery_code))
        await throttle.recordFailure(request, accountKey(userId));
      throw err;
    }
  }

  app.post(
    '/login/two-factor',
    {
      onRequest: limitRequests(app, 'loginPerIp'),
      schema: {
        tags: ['users'],
        security: [],
        summary: 'Second step of a sign-in: the challenge from POST /users/login and a code or a recovery code',
        body: twoFactorLoginRequest,
        response: { 200: authResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const challenge = await findLoginChallenge(app.db, request.body.challenge, now);
      const { user, token, used } = await throttled(request, reply, challenge.user.id, () =>
        completeTwoFactorLogin(app.db, box, challenge, request.body, request.headers['user-agent'], now),
      );
      return {
        status: 'success' as const,
        ...(used === 'recovery_code' ? { message: twoFactorMessages.recoveryUsed } : {}),
        data: { user: toUser(user), token },
      };
    },
  );

  app.get(
    '/two-factor',
    {
      onRequest: requireSignedIn,
      schema: {
        summary: 'Whether two-factor is on, since when, recovery codes left, and whether enrolment is required',
        tags: ['users'],
        security: bearerAuth,
        response: { 200: twoFactorStatusResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ status: 'success' as const, data: await getTwoFactorStatus(app.db, currentUser(request)) }),
  );

  app.post(
    '/two-factor/setup',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['users'],
        summary:
          'Starts enrolment with the current password: a new secret, its otpauth:// URL and QR code (refused once two-factor is on)',
        security: bearerAuth,
        body: startTwoFactorSetupRequest,
        response: { 200: twoFactorSetupResponse, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await passwordCheck.verify(request, reply, user, request.body.password, 'password');
      return { status: 'success' as const, data: await startTwoFactorSetup(app.db, box, user, await getBrandName(app.db)) };
    },
  );

  app.post(
    '/two-factor/enable',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['users'],
        summary: 'Confirms enrolment with a code from the app; answers the ten recovery codes, once',
        security: bearerAuth,
        body: enableTwoFactorRequest,
        response: { 200: recoveryCodesResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const codes = await throttled(request, reply, user.id, () =>
        enableTwoFactor(app.db, box, user, request.sessionId, request.body.code, Date.now()),
      );
      return { status: 'success' as const, message: twoFactorMessages.enabled, data: { recovery_codes: codes } };
    },
  );

  app.post(
    '/two-factor/recovery-codes',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['users'],
        summary: 'Ten new recovery codes for a code from the app; the old ones stop working',
        security: bearerAuth,
        body: regenerateRecoveryCodesRequest,
        response: { 200: recoveryCodesResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const codes = await throttled(request, reply, user.id, () =>
        regenerateRecoveryCodes(app.db, box, user, request.body.code, Date.now()),
      );
      return { status: 'success' as const, message: twoFactorMessages.recoveryCodesRegenerated, data: { recovery_codes: codes } };
    },
  );

  app.post(
    '/two-factor/disable',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['users'],
        summary: 'Turns two-factor off with the password and a code (or a recovery code)',
        security: bearerAuth,
        body: disableTwoFactorRequest,
        response: { 200: messageEnvelope, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await passwordCheck.verify(request, reply, user, request.body.password, 'password');
      await throttled(request, reply, user.id, () =>
        disableTwoFactor(app.db, box, user, request.sessionId, request.body, Date.now()),
      );
      return { status: 'success' as const, message: twoFactorMessages.disabled };
    },
  );
};
