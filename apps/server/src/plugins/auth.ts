import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TWO_FACTOR_SETUP_REQUIRED, messages, twoFactorMessages } from '@portal/contract';
import { actsAsPartner, adminAccessOf } from '../lib/access';
import { isSessionLive, readSession, sessionPolicyFrom, touchSession, type UserRow } from '../lib/sessions';
import { hashToken } from '../lib/tokens';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { authenticateApiKey, isApiKeyToken } from '../lib/api-key-auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the bearer token; null for anonymous requests. */
    user: UserRow | null;
    sessionId: number | null;
  }
}

/**
 * Resolves `Authorization: Bearer <token>` on every request; guards below enforce it. A session
 * validated recently comes from `app.sessionCache` (lib/session-cache.ts) without a query; the idle
 * and absolute limits are checked on every request either way, and the last use is written at most
 * once a minute per session.
 */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('apiKey', null);
  const policy = sessionPolicyFrom(app.config);
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const token = header.slice('Bearer '.length).trim();
    if (!token || token.length > 200) return;
    // An API key is never a session: it is resolved apart, and only on the public API routes.
    if (isApiKeyToken(token)) return authenticateApiKey(request, reply, token);
    const tokenHash = hashToken(token);
    const cache = app.sessionCache;
    let session = await cache.get(tokenHash);
    if (!session) {
      const mark = cache.mark();
      session = (await readSession(app.db, tokenHash)) ?? undefined;
      if (!session) return;
      cache.set(tokenHash, session, mark);
    }
    const now = Date.now();
    if (!isSessionLive(session, policy, now)) {
      cache.delete(tokenHash);
      return;
    }
    await touchSession(app.db, session, now);
    request.user = session.user;
    request.sessionId = session.sessionId;
  });
});

/**
 * onRequest: any signed-in user, including a partner whose application is under review (their
 * own account calls: /users/me, logout, password, sessions).
 */
export async function requireSignedIn(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw unauthorized(messages.auth.unauthorized);
}

/** onRequest: a signed-in user whose account is active (an application under review is not). */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw unauthorized(messages.auth.unauthorized);
  if (request.user.status !== 'active') throw forbidden(messages.auth.forbidden);
}

/**
 * onRequest of every partner route (`app.addHook('onRequest', requirePartner)` at the top of the
 * plugin): a signed-in active partner; admins and applications under review answer 403.
 */
export async function requirePartner(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw unauthorized(messages.auth.unauthorized);
  if (!actsAsPartner(request.user)) throw forbidden(messages.auth.forbidden);
}

/**
 * onRequest of the admin scope: a user who acts as an admin (lib/access.ts). While the Admin
 * Two-Factor setting is `required`, an admin who has not set up two-factor gets 403
 * TWO_FACTOR_SETUP_REQUIRED (their own account calls under /users stay open, enrolment included).
 */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw unauthorized(messages.auth.unauthorized);
  const access = await adminAccessOf(request.server.db, request.user);
  if (access === 'forbidden') throw forbidden(messages.auth.forbidden);
  if (access === 'two_factor_setup_required') {
    throw new AppError(403, twoFactorMessages.setupRequired, undefined, TWO_FACTOR_SETUP_REQUIRED);
  }
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized(messages.auth.unauthorized);
  return request.user;
}
