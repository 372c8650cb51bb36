import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { limits, type Role } from '@portal/contract';
import type { Config } from '../config';
import type { Database, DbExecutor } from '../db';
import { sessions, users } from '../db/schema';
import { evictSessionsOnCommit } from './session-evictions';
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

/** A session as read for a request: what the auth plugin needs, kept by the session cache. */
export interface ActiveSession {
  user: UserRow;
  sessionId: number;
  createdAt: number;
  /** When a request last used it, as far as this process knows (written at most once a minute). */
  lastUsedAt: number;
}

/** lastUsedAt is written at most this often per session: the idle limits count in minutes. */
export const touchIntervalMs = 60_000;

/**
 * The session behind a token hash, or null when it is unknown, revoked or past its stored expiry,
 * or its user disabled or invited. The policy's limits are checked by `isSessionLive`.
 */
export async function readSession(db: Database, tokenHash: string): Promise<ActiveSession | null> {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        inArray(users.status, [...signInStatuses]),
      ),
    )
    .limit(1);
  if (!row) return null;
  return { user: row.user, sessionId: row.sessionId, createdAt: row.createdAt.getTime(), lastUsedAt: row.lastUsedAt.getTime() };
}

/** Within the idle timeout and the absolute lifetime of the user's role. */
export function isSessionLive(session: ActiveSession, policy: SessionPolicy, now = Date.now()): boolean {
  const { role } = session.user;
  return now - session.lastUsedAt <= policy.idleMs[role] && now - session.createdAt <= policy.maxAgeMs[role];
}

/** Records a use of the session when the last recorded one is older than `touchIntervalMs`. */
export async function touchSession(db: Database, session: ActiveSession, now = Date.now()): Promise<void> {
  if (now - session.lastUsedAt <= touchIntervalMs) return;
  // Marked first, so concurrent requests on the same cached session do not all write.
  session.lastUsedAt = now;
  await db
    .update(sessions)
    .set({ lastUsedAt: new Date(now) })
    .where(eq(sessions.id, session.sessionId));
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
  await evictSessionsOnCommit(db, userId);
  return rows.length;
}

export async function revokeSession(db: DbExecutor, sessionId: number): Promise<void> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.id, sessionId))
    .returning({ userId: sessions.userId });
  for (const row of rows) await evictSessionsOnCommit(db, row.userId);
}

/** Ends every session of a user: password reset, deactivation, sign-out everywhere. */
export async function revokeUserSessions(db: DbExecutor, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await evictSessionsOnCommit(db, userId);
}
