import { partnerData, publishIntegrationEvents } from '../../lib/integration-events';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  messages,
  type ChangePasswordRequest,
  type LoginChallenge,
  type LoginRequest,
  type NotificationPreferences,
  type NotificationPreferencesUpdate,
  type SessionInfo,
  type RegisterRequest,
  type LinkStatus,
  type ResetPasswordRequest,
  type User,
} from '@portal/contract';
import type { Database } from '../../db';
import { passwordResets, sessions, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors';
import { notifyOutbox } from '../../lib/outbox';
import { isCommonPassword } from '../../lib/common-passwords';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { evictSessionsOnCommit } from '../../lib/session-evictions';
import { createSession, revokeOtherSessions, revokeUserSessions, type UserRow } from '../../lib/sessions';
import { generateToken, hashToken } from '../../lib/tokens';
import { getBrandName, getBrandSettings } from '../settings';
import { checkRecruitLink, joinTeam } from '../commissions';
import { accountMailActions, enqueueAccountMail, issueResetToken, voidResetTokens } from './account-mails';
import { describeDevice } from './device';
import { passwordChangedMail, passwordResetMail } from './users-mails';
import { createLoginChallenge, hasTwoFactor } from './two-factor-service';
import { checkAnswers, storeAnswers } from '../applications';

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

/**
 * The first step of a sign-in. An account with two-factor on gets a challenge for the second step
 * (POST /users/login/two-factor), never a session, however right the password.
 */
export async function login(
  db: Database,
  input: LoginRequest,
  userAgent?: string | null,
): Promise<{ user: User; token: string } | LoginChallenge> {
  const row = await findUserByEmail(db, input.email);
  const isValid = await verifyPassword(row?.passwordHash ?? (await getDummyHash()), input.password);
  if (!row || !isValid) throw unauthorized(messages.auth.invalidCredentials);
  // Only after the right password, so a disabled account is not revealed to a guesser.
  if (row.status === 'disabled' || row.status === 'invited') throw forbidden(messages.auth.accountDisabled);
  if (await hasTwoFactor(db, row.id)) return createLoginChallenge(db, row.id);
  const [updated] = await db
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, row.id))
    .returning();
  return { user: toUser(updated ?? row), token: await createSession(db, row.id, userAgent) };
}

/** A password from the common-password list is refused as a field error of `field`. */
async function refuseCommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw badRequest(messages.auth.passwordTooCommon, { [field]: messages.auth.passwordTooCommon });
  }
}

/**
 * Self-registration always makes a partner: any role in the payload was already stripped. The
 * Registration Mode setting decides: invite_only refuses, approval makes the account wait for an
 * admin (who is mailed), open (the default) makes it active.
 */
export async function register(
  db: Database,
  input: RegisterRequest,
  userAgent?: string | null,
): Promise<{ user: User; token: string }> {
  const { registrationMode } = await getBrandSettings(db);
  await refuseCommonPassword(input.password, 'password');
  if (registrationMode === 'invite_only') throw forbidden(messages.auth.registrationClosed);
  // Approval mode asks the admins' questions (issue 23 §5); other modes ask none.
  const answers = registrationMode === 'approval' ? await checkAnswers(db, input.answers) : [];
  const uplineId = input.recruit_token ? await checkRecruitLink(db, input.recruit_token) : null;
  const passwordHash = await hashPassword(input.password);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(users)
      .values({
        fullName: input.full_name,
        email: normalizeEmail(input.email),
        passwordHash,
        role: 'user',
        status: registrationMode === 'approval' ? 'pending_approval' : 'active',
        lastLoginAt: sql`now()`,
      })
      // The unique index on lower(email) decides, so two racing registrations cannot both win.
      .onConflictDoNothing()
      .returning();
    if (inserted && uplineId !== null) await joinTeam(tx, inserted.id, uplineId);
    if (inserted?.status === 'pending_approval') {
      await storeAnswers(tx, inserted.id, answers);
      await enqueueAccountMail(tx, accountMailActions.applicationReceived, inserted.id, {}, `application:${inserted.id}`);
    }
    if (inserted) {
      // Every sign-up is an application; with open registration it is approved at once.
      const events =
        inserted.status === 'active' ? (['partner.applied', 'partner.approved'] as const) : (['partner.applied'] as const);
      await publishIntegrationEvents(
        tx,
        events.map((type) => ({ type, partnerId: inserted.id, data: { partner: partnerData(inserted) } })),
      );
    }
    return inserted;
  });
  if (!row) throw conflict(messages.auth.emailTaken, { email: messages.auth.emailTaken });
  // The application mail, and the partner's events when an endpoint wants them.
  notifyOutbox(db);
  return { user: toUser(row), token: await createSession(db, row.id, userAgent) };
}

/**
 * Changes the caller's own password, once the route has checked the current one
 * (rate-limits.ts createPasswordCheck); every other session of theirs ends, the one that asked stays.
 */
export async function changePassword(
  db: Database,
  user: UserRow,
  sessionId: number | null,
  input: ChangePasswordRequest,
): Promise<void> {
  if (input.current_password === input.new_password) {
    throw badRequest(messages.account.samePassword, { new_password: messages.account.samePassword });
  }
  await refuseCommonPassword(input.new_password, 'new_password');
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await voidResetTokens(tx, user.id);
    await revokeOtherSessions(tx, user.id, sessionId);
  });
}

/** The caller's open sessions, most recently used first. */
export async function listSessions(db: Database, userId: number, currentSessionId: number | null): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/** Signs out one of the caller's own sessions; another user's id is "not found". */
export async function endOwnSession(db: Database, userId: number, sessionId: number): Promise<void> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (!rows.length) throw notFound(messages.account.sessionNotFound);
  await evictSessionsOnCommit(db, userId);
}

/**
 * Mails a single-use reset link to an active account; does nothing for any other email. Callers
 * answer the same way either way, and run this after answering.
 */
export async function requestPasswordReset(deps: UsersDeps, email: string): Promise<void> {
  const row = await findUserByEmail(deps.db, email);
  if (!row || (row.status !== 'active' && row.status !== 'pending_approval')) return;
  // Only the newest link works: a leaked older mail is worthless.
  const token = await issueResetToken(deps.db, row.id, 'reset');
  const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(await passwordResetMail(row, link, await getBrandName(deps.db)));
  if (deps.config.SMTP_URL) {
    deps.log.info({ userId: row.id }, 'password reset mail sent');
  } else {
    // Without SMTP the mail only reaches the local outbox; the log lets a fresh install reset anyway.
    deps.log.info({ userId: row.id, link }, 'password reset mail written to the local outbox');
  }
}

const activeResetFor = (tokenHash: string) =>
  and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`));

/**
 * Sets a new password from a reset token; returns the user so the caller can notify them, and
 * whether it was an invitation's first password (the caller then signs them in instead of mailing
 * "your password was changed").
 */
export async function resetPassword(
  db: Database,
  input: ResetPasswordRequest,
): Promise<{ user: UserRow; isFirstPassword: boolean }> {
  await refuseCommonPassword(input.new_password, 'new_password');
  const tokenHash = hashToken(input.token);
  const invalid = () => badRequest(messages.resetPassword.tokenInvalid);

  // A cheap look first, so an unknown token never costs an argon2 hash.
  const [pending] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(activeResetFor(tokenHash), inArray(users.status, ['active', 'invited', 'pending_approval'])))
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
    const [before] = await tx.select({ status: users.status }).from(users).where(eq(users.id, used.userId));
    // Any other link still in a mailbox dies with this one.
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt)));
    // An invitation's link sets the first password and makes the account active.
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, status: sql`case when ${users.status} = 'invited' then 'active' else ${users.status} end` })
      .where(eq(users.id, used.userId))
      .returning();
    return updated && { user: updated, isFirstPassword: before?.status === 'invited' };
  });
  if (!user) throw invalid();
  await revokeUserSessions(db, user.user.id);
  return user;
}

/** What a reset or invitation link is worth, before its form is filled (issue 23 §6). */
export async function getLinkStatus(db: Database, token: string): Promise<LinkStatus> {
  const [row] = await db
    .select({
      purpose: passwordResets.purpose,
      usedAt: passwordResets.usedAt,
      expiresAt: passwordResets.expiresAt,
      userStatus: users.status,
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.userStatus === 'disabled') return { state: 'unknown', purpose: null, can_request_invite: false };
  const isPending = row.userStatus === 'invited';
  const canRequestInvite = row.purpose === 'invite' && isPending;
  if (!row.usedAt && row.expiresAt.getTime() > Date.now())
    return { state: 'valid', purpose: row.purpose, can_request_invite: canRequestInvite };
  // A pending invitation's link was never used to set a password: it expired or a newer one replaced it.
  if (isPending || !row.usedAt) return { state: 'expired', purpose: row.purpose, can_request_invite: canRequestInvite };
  return { state: 'used', purpose: row.purpose, can_request_invite: false };
}

/** How long a fresh invitation mail stands before its link may ask for another one. */
const INVITE_RENEW_INTERVAL_MS = 5 * 60_000;

/**
 * Queues a new invitation for the person an invitation link was sent to, while they have not set a
 * password yet. A link they hold is the proof: no one can ask for somebody else. Quietly does
 * nothing when a fresh invitation is already on its way.
 */
export async function renewInvitation(db: Database, token: string): Promise<void> {
  const status = await getLinkStatus(db, token);
  if (!status.can_request_invite) throw badRequest(messages.resetPassword.tokenInvalid);
  await db.transaction(async (tx) => {
    const [link] = await tx
      .select({ userId: passwordResets.userId, inviter: users.invitedBy })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    if (!link) return;
    const [fresh] = await tx
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.userId, link.userId),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
          gt(passwordResets.createdAt, new Date(Date.now() - INVITE_RENEW_INTERVAL_MS)),
        ),
      )
      .limit(1);
    if (fresh) return;
    const [inviter] = link.inviter
      ? await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, link.inviter))
      : [];
    await enqueueAccountMail(tx, accountMailActions.invite, link.userId, { inviter: inviter?.fullName ?? null });
  });
  notifyOutbox(db);
}

export async function notifyPasswordChanged(deps: UsersDeps, user: UserRow): Promise<void> {
  await deps.mailer.send(await passwordChangedMail(user, `${deps.config.publicUrl}/login`, await getBrandName(deps.db)));
}

export async function updatePixelId(db: Database, userId: number, pixelId: string): Promise<void> {
  await db.update(users).set({ facebookPixelId: pixelId }).where(eq(users.id, userId));
  await evictSessionsOnCommit(db, userId);
}

/** The mails a user wants, as the API names them. */
export function toNotificationPreferences(
  row: Pick<UserRow, 'notifyLeadStatus' | 'notifyNewReferral' | 'notifyLeadNote' | 'notifyPartnerReply'>,
): NotificationPreferences {
  return {
    lead_status_changed: row.notifyLeadStatus,
    new_referral: row.notifyNewReferral,
    lead_note: row.notifyLeadNote,
    partner_reply: row.notifyPartnerReply,
  };
}

export async function updateNotificationPreferences(
  db: Database,
  userId: number,
  prefs: NotificationPreferencesUpdate,
): Promise<NotificationPreferences> {
  const [row] = await db
    .update(users)
    .set({
      notifyLeadStatus: prefs.lead_status_changed,
      notifyNewReferral: prefs.new_referral,
      notifyLeadNote: prefs.lead_note,
      notifyPartnerReply: prefs.partner_reply,
    })
    .where(eq(users.id, userId))
    .returning({
      notifyLeadStatus: users.notifyLeadStatus,
      notifyNewReferral: users.notifyNewReferral,
      notifyLeadNote: users.notifyLeadNote,
      notifyPartnerReply: users.notifyPartnerReply,
    });
  if (!row) throw unauthorized(messages.auth.unauthorized);
  await evictSessionsOnCommit(db, userId);
  return toNotificationPreferences(row);
}
