import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages, type Role } from '@portal/contract';
import { findSessionUser, type UserRow } from '../lib/sessions';
import { forbidden, unauthorized } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the bearer token; null for anonymous requests. */
    user: UserRow | null;
    sessionId: number | null;
  }
}

/** Resolves `Authorization: Bearer <token>` on every request; guards below enforce it. */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const token = header.slice('Bearer '.length).trim();
    if (!token || token.length > 200) return;
    const found = await findSessionUser(app.db, token);
    if (found) {
      request.user = found.user;
      request.sessionId = found.sessionId;
    }
  });
});

/** preHandler: any signed-in user. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw unauthorized(messages.auth.unauthorized);
}

/** preHandler factory: a signed-in user with this role. */
export function requireRole(role: Role) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (!request.user) throw unauthorized(messages.auth.unauthorized);
    if (request.user.role !== role) throw forbidden(messages.auth.forbidden);
  };
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized(messages.auth.unauthorized);
  return request.user;
}
