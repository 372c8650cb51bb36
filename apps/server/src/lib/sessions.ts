import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { limits } from '@portal/contract';
import type { Database } from '../db';
import { sessions, users } from '../db/schema';
import { generateToken, hashToken } from './tokens';

export type UserRow = typeof users.$inferSelect;

/** Opens a session and returns the bearer token; only its hash is stored. */
export async function createSession(db: Database, userId: number): Promise<string> {
  const token = generateToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + limits.sessionTtlMs),
  });
  return token;
}

/** The active user behind a token, or null when the token is unknown, revoked, expired or the user disabled. */
export async function findSessionUser(
  db: Database,
  token: string,
): Promise<{ user: UserRow; sessionId: number } | null> {
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.status, 'active'),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  return { user: row.user, sessionId: row.sessionId };
}

export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user: password reset, deactivation. */
export async function revokeUserSessions(db: Database, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
