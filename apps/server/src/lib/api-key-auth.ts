import { BlockList, isIP } from 'node:net';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyMessages as m, type ApiKeyScope } from '@portal/contract';
import { apiKeys, users } from '../db/schema';
import { actsAsAdmin, actsAsPartner } from './access';
import { forbidden, unauthorized } from './errors';
import { tooManyRequests } from './request-limits';
import { hashToken } from './tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set on the public API routes only: an API key with this scope may call the route as its
     * owner. A key on any other route is refused (plugins/auth.ts), so keys cannot reach account,
     * session or settings routes. Admin routes with a scope (the admin API: reading and moving
     * referrals, reading commissions, importing residuals) take admin keys only.
     */
    apiKeyScope?: ApiKeyScope;
    /** Whose keys the route takes: set to `admin` by the admin scope (plugins/admin-scope.ts); partner otherwise. */
    apiKeyOwner?: 'admin' | 'partner';
  }
  interface FastifyRequest {
    /** The API key the request came with (its owner is `request.user`); null for sessions. */
    apiKey: { id: number; kind: 'admin' | 'partner' } | null;
  }
}

/** Requests per key per minute, counted in the shared counter store (Redis across instances). */
export const apiKeyRateLimit = { max: 120, timeWindowMs: 60_000 };

/** Whether an address is in a key's list (addresses and CIDR ranges; IPv4-mapped IPv6 as IPv4). */
export function isIpAllowed(ip: string, allowed: readonly string[]): boolean {
  if (!allowed.length) return true;
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  for (const entry of allowed) {
    const [net = '', bits] = entry.split('/');
    const type = isIP(net) === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(net, type);
    else list.addSubnet(net, Number(bits), type);
  }
  return list.check(address, family);
}

/**
 * Resolves an API key bearer. Every request reads the key from the database (no cache), so a
 * revoked key is refused by every instance from the moment the revocation commits. The last use
 * is written at most once a minute per key.
 */
export async function authenticateApiKey(request: FastifyRequest, reply: FastifyReply, token: string): Promise<void> {
  const app = request.server;
  const scope = request.routeOptions.config?.apiKeyScope;
  if (!scope) throw unauthorized(m.notAccepted);
  const [row] = await app.db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, hashToken(token)));
  if (!row || row.key.revokedAt) throw unauthorized(m.invalid);
  const { key, user } = row;
  const ownerActive = key.kind === 'partner' ? actsAsPartner(user) : await actsAsAdmin(app.db, user);
  if (!ownerActive) throw unauthorized(m.invalid);
  if (!isIpAllowed(request.ip, key.allowedIps ?? [])) throw forbidden(m.ipNotAllowed);
  const routeOwner = request.routeOptions.config.apiKeyOwner ?? 'partner';
  if (key.kind !== routeOwner) throw forbidden(m.wrongKind(routeOwner));
  if (!key.scopes.includes(scope)) throw forbidden(m.scopeMissing(scope));
  if (app.config.RATE_LIMITS === 'on') {
    const counter = `rate:api-key:${key.id}`;
    if ((await app.counters.increment(counter, apiKeyRateLimit.timeWindowMs)) > apiKeyRateLimit.max) {
      const waitMs = (await app.counters.get(counter))?.expiresInMs ?? apiKeyRateLimit.timeWindowMs;
      throw tooManyRequests(reply, waitMs, m.tooManyRequests);
    }
  }
  await app.db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
  request.user = user;
  request.apiKey = { id: key.id, kind: key.kind };
}

export const isApiKeyToken = (token: string) => token.startsWith('ppk_');
