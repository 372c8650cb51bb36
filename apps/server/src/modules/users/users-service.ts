import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  limits,
  messages,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type User,
} from '@portal/contract';
import type { Database } from '../../db';
import { passwordResets, users } from '../../db/schema';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { createSession, revokeUserSessions, type UserRow } from '../../lib/sessions';
import { generateToken, hashToken } from '../../lib/tokens';
import { passwordChangedMail, passwordResetMail } from './users-mails';

export type UsersDeps = Pick<FastifyInstance, 'db' | 'config' | 'mailer' | 'log'>;

/** The one way a user row leaves the server. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    uuid: row.uuid,
    full_name: row.fullName,
    email: row.email,
    role: row.role,
    status: row.status,
    compensation_link: row.compensationLink,
    facebook_pixel_id: row.facebookPixelId,
    created_at: row.createdAt.toISOString(),
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalizeEmail(email)))
    .limit(1);
  return row;
}

let dummyHash: Promise<string> | undefined;
/** Verified against for unknown emails, so a login takes as long whether the account exists or not. */
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(generateToken());
  return dummyHash;
}

export async function login(db: Database, input: LoginRequest): Promise<{ user: User; token: string }> {
  const row = await findUserByEmail(db, input.email);
  const isValid = await verifyPassword(row?.passwordHash ?? (await getDummyHash()), input.password);
  if (!row || !isValid) throw unauthorized(messages.auth.invalidCredentials);
  // Only after the right password, so a disabled account is not revealed to a guesser.
  if (row.status !== 'active') throw forbidden(messages.auth.accountDisabled);
  return { user: toUser(row), token: await createSession(db, row.id) };
}

/** Self-registration always makes a partner: any role in the payload was already stripped. */
export async function register(db: Database, input: RegisterRequest): Promise<{ user: User; token: string }> {
  const [row] = await db
    .insert(users)
    .values({
      fullName: input.full_name,
      email: normalizeEmail(input.email),
      passwordHash: await hashPassword(input.password),
      role: 'user',
    })
    // The unique index on lower(email) decides, so two racing registrations cannot both win.
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(messages.auth.emailTaken, { email: messages.auth.emailTaken });
  return { user: toUser(row), token: await createSession(db, row.id) };
}

/**
 * Mails a single-use reset link to an active account; does nothing for any other email. Callers
 * answer the same way either way, and run this after answering.
 */
export async function requestPasswordReset(deps: UsersDeps, email: string): Promise<void> {
  const row = await findUserByEmail(deps.db, email);
  if (!row || row.status !== 'active') return;
  const token = generateToken();
  await deps.db.transaction(async (tx) => {
    // Only the newest link works: a leaked older mail is worthless.
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, row.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      tokenHash: hashToken(token),
      userId: row.id,
      expiresAt: new Date(Date.now() + limits.resetTokenTtlMs),
    });
  });
  const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(passwordResetMail(row, link));
  if (deps.config.SMTP_URL) {
    deps.log.info({ userId: row.id }, 'password reset mail sent');
  } else {
    // Without SMTP the mail only reaches the local outbox; the log lets a fresh install reset anyway.
    deps.log.info({ userId: row.id, link }, 'password reset mail written to the local outbox');
  }
}

const activeResetFor = (tokenHash: string) =>
  and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`));

/** Sets a new password from a reset token; returns the user so the caller can notify them. */
export async function resetPassword(db: Database, input: ResetPasswordRequest): Promise<UserRow> {
  const tokenHash = hashToken(input.token);
  const invalid = () => badRequest(messages.resetPassword.tokenInvalid);

  // A cheap look first, so an unknown token never costs an argon2 hash.
  const [pending] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(activeResetFor(tokenHash), eq(users.status, 'active')))
    .limit(1);
  if (!pending) throw invalid();
  const passwordHash = await hashPassword(input.new_password);

  const user = await db.transaction(async (tx) => {
    // The conditional update is what makes the token single-use, even for two concurrent requests.
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(activeResetFor(tokenHash))
      .returning({ userId: passwordResets.userId });
    if (!used) return undefined;
    // Any other link still in a mailbox dies with this one.
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt)));
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, used.userId))
      .returning();
    return updated;
  });
  if (!user) throw invalid();
  await revokeUserSessions(db, user.id);
  return user;
}

export async function notifyPasswordChanged(deps: UsersDeps, user: UserRow): Promise<void> {
  await deps.mailer.send(passwordChangedMail(user, `${deps.config.publicUrl}/login`));
}

export async function updatePixelId(db: Database, userId: number, pixelId: string): Promise<void> {
  await db.update(users).set({ facebookPixelId: pixelId, updatedAt: sql`now()` }).where(eq(users.id, userId));
}
