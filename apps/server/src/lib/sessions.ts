import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { limits, type Role } from '@portal/contract';
import type { Config } from '../config';
import type { Database, DbExecutor } from '../db';
import { sessions, users } from '../db/schema';
import { generateToken, hashToken } from './tokens';

export type UserRow = typeof users.$inferSelect;

/**
 * How long a session lives on the server, by role: ended after `idleMs` without a request, and
 * `maxAgeMs` after sign-in whatever happens (never past the stored expiry, `limits.sessionTtlMs`).
 * Checked on every request, so a shorter setting applies to sessions already open.
 */
export interface SessionPolicy {
  idleMs: Record<Role, number>;
  maxAgeMs: Record<Role, number>;
}

export function sessionPolicyFrom(config: Config): SessionPolicy {
  return {
    idleMs: { user: config.SESSION_IDLE_TIMEOUT_MS, admin: config.ADMIN_SESSION_IDLE_TIMEOUT_MS },
    maxAgeMs: { user: config.SESSION_MAX_AGE_MS, admin: config.ADMIN_SESSION_MAX_AGE_MS },
  };
}

/** Opens a session and returns the bearer token; only its hash is stored. */
export async function createSession(db: Database, userId: number, userAgent?: string | null): Promise<string> {
  const token = generateToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + limits.sessionTtlMs),
    userAgent: userAgent ? userAgent.slice(0, 300) : null,
  });
  return token;
}

/** Statuses that may hold a session: a partner awaiting approval signs in to see that page only. */
export const signInStatuses = ['active', 'pending_approval'] as const;

/**
 * The user behind a token, or null when the token is unknown, revoked, expired, idle or too old for
 * the user's role, or the user disabled or invited.
 */
export async function findSessionUser(
  db: Database,
  token: string,
  policy: SessionPolicy,
): Promise<{ user: UserRow; sessionId: number } | null> {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        inArray(users.status, [...signInStatuses]),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { role } = row.user;
  const now = Date.now();
  if (now - row.lastUsedAt.getTime() > policy.idleMs[role] || now - row.createdAt.getTime() > policy.maxAgeMs[role]) {
    return null;
  }
  if (now - row.lastUsedAt.getTime() > 60_000) {
    await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  return { user: row.user, sessionId: row.sessionId };
}

/** Ends a user's sessions except one (a password change keeps the session that made it). */
export async function revokeOtherSessions(db: DbExecutor, userId: number, keepSessionId: number | null): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === null ? undefined : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user: password reset, deactivation, sign-out everywhere. */
export async function revokeUserSessions(db: DbExecutor, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
