import { randomInt } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import {
  TWO_FACTOR_CHALLENGE_EXPIRED,
  settingKeys,
  twoFactorConstants,
  twoFactorMessages,
  type LoginChallenge,
  type TwoFactorStatus,
} from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { loginChallenges, totpRecoveryCodes, userTotp, users } from '../../db/schema';
import { isAdminAccount } from '../../lib/access';
import { getSettingValue } from '../settings';
import { recordAudit } from '../../lib/audit';
import { AppError, badRequest, conflict } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { createSession, revokeOtherSessions, revokeUserSessions, signInStatuses, type UserRow } from '../../lib/sessions';
import { generateToken, hashToken } from '../../lib/tokens';
import { generateTotpSecret, matchTotpStep, qrSvgDataUrl, totpUrl } from '../../lib/totp';

/**
 * Two-factor authentication with TOTP (decision 010). Every entry point that checks a code takes
 * `now` so tests can hold the clock; the routes pass Date.now().
 */

/** The AES-GCM context of a user's secret: a sealed secret copied to another user's row does not open. */
const secretContext = (userId: number) => `user_totp:${userId}`;

/** The account name the authenticator app shows under the issuer. */
const accountLabel = (user: Pick<UserRow, 'email'>) => user.email;

export interface SecondFactor {
  code?: string;
  recovery_code?: string;
}

/** What a successful check used: a code from the app or a recovery code. */
export type FactorUsed = 'totp' | 'recovery_code';

/** The Admin Two-Factor setting: true when every admin must enrol. */
export async function isTwoFactorRequiredForAdmins(db: DbExecutor): Promise<boolean> {
  return (await getSettingValue(db, settingKeys.adminTwoFactor))?.trim() === 'required';
}

export async function getTwoFactorStatus(db: Database, user: Pick<UserRow, 'id' | 'role'>): Promise<TwoFactorStatus> {
  const [row] = await db.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userId, user.id));
  const enabledAt = row?.enabledAt ?? null;
  const [codes] = await db
    .select({ n: count() })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, user.id), isNull(totpRecoveryCodes.usedAt)));
  return {
    enabled: enabledAt !== null,
    enabled_at: enabledAt?.toISOString() ?? null,
    recovery_codes_remaining: enabledAt ? (codes?.n ?? 0) : 0,
    setup_required: enabledAt === null && isAdminAccount(user) && (await isTwoFactorRequiredForAdmins(db)),
  };
}

/**
 * Starts (or restarts) an enrolment: a new secret, stored sealed and not yet enabled. The secret
 * leaves the server only here; once enabled, this call is refused and nothing returns it.
 */
export async function startTwoFactorSetup(
  db: Database,
  box: SecretBox,
  user: Pick<UserRow, 'id' | 'email'>,
  issuer: string,
): Promise<{ secret: string; otpauth_url: string; qr_svg: string }> {
  const secret = generateTotpSecret();
  const sealed = box.seal(secret, secretContext(user.id));
  const [row] = await db
    .insert(userTotp)
    .values({ userId: user.id, secretEncrypted: sealed })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretEncrypted: sealed, lastUsedStep: null },
      where: isNull(userTotp.enabledAt),
    })
    .returning({ userId: userTotp.userId });
  if (!row) throw conflict(twoFactorMessages.alreadyEnabled);
  const url = totpUrl(secret, issuer, accountLabel(user));
  return { secret, otpauth_url: url, qr_svg: qrSvgDataUrl(url) };
}

const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789'; // no 0/o, 1/l/i: read aloud or typed from paper

/** `xxxxx-xxxxx`: 10 characters of a 31-letter alphabet, about 50 bits each. */
function generateRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += recoveryAlphabet[randomInt(recoveryAlphabet.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Stored form of a recovery code; input is normalised the same way (contract's recoveryCodeField). */
const hashRecoveryCode = (code: string) => hashToken(code.replace(/[\s-]/g, '').toLowerCase());

/** Replaces a user's recovery codes with ten new ones and returns them (shown once, stored hashed). */
async function replaceRecoveryCodes(tx: DbExecutor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: twoFactorConstants.recoveryCodeCount }, generateRecoveryCode);
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await tx.insert(totpRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

const wrongCode = (status = 400) => new AppError(status, twoFactorMessages.codeWrong, { code: twoFactorMessages.codeWrong });
const reusedCode = (status = 400) => new AppError(status, twoFactorMessages.codeReused, { code: twoFactorMessages.codeReused });
const wrongRecoveryCode = (status = 400) =>
  new AppError(status, twoFactorMessages.recoveryCodeWrong, { recovery_code: twoFactorMessages.recoveryCodeWrong });

/**
 * Accepts a code for a later step than the last one accepted, and records its step in the same
 * statement, so two requests racing with one code cannot both pass.
 */
async function acceptTotpCode(
  tx: DbExecutor,
  box: SecretBox,
  userId: number,
  code: string,
  now: number,
  failStatus: number,
  enabled: boolean,
): Promise<void> {
  const [row] = await tx
    .select({ secretEncrypted: userTotp.secretEncrypted })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), enabled ? sql`${userTotp.enabledAt} is not null` : isNull(userTotp.enabledAt)));
  if (!row) throw enabled ? badRequest(twoFactorMessages.notEnabled) : badRequest(twoFactorMessages.setupMissing);
  const step = matchTotpStep(box.open(row.secretEncrypted, secretContext(userId)), code, now);
  if (step === null) throw wrongCode(failStatus);
  const accepted = await tx
    .update(userTotp)
    .set({ lastUsedStep: step, ...(enabled ? {} : { enabledAt: new Date(now) }) })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step))))
    .returning({ userId: userTotp.userId });
  if (!accepted.length) throw reusedCode(failStatus);
}

/** Spends one unused recovery code of the user's; each works once. */
async function spendRecoveryCode(tx: DbExecutor, userId: number, code: string, failStatus: number): Promise<void> {
  const spent = await tx
    .update(totpRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        eq(totpRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  if (!spent.length) throw wrongRecoveryCode(failStatus);
}

/** Checks the second factor of an enabled account: a fresh code from the app, or an unused recovery code. */
export async function verifySecondFactor(
  tx: DbExecutor,
  box: SecretBox,
  userId: number,
  factor: SecondFactor,
  now: number,
  failStatus = 400,
): Promise<FactorUsed> {
  if (factor.code !== undefined) {
    await acceptTotpCode(tx, box, userId, factor.code, now, failStatus, true);
    return 'totp';
  }
  if (factor.recovery_code !== undefined) {
    await spendRecoveryCode(tx, userId, factor.recovery_code, failStatus);
    return 'recovery_code';
  }
  throw badRequest(twoFactorMessages.oneFactorOnly, { code: twoFactorMessages.oneFactorOnly });
}

/**
 * Confirms an enrolment with a first code from the app: two-factor is on, ten recovery codes are
 * made (returned once), and every other session ends, since one opened with the password alone
 * could be someone else's.
 */
export async function enableTwoFactor(
  db: Database,
  box: SecretBox,
  user: Pick<UserRow, 'id'>,
  sessionId: number | null,
  code: string,
  now: number,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await acceptTotpCode(tx, box, user.id, code, now, 400, false);
    const codes = await replaceRecoveryCodes(tx, user.id);
    await revokeOtherSessions(tx, user.id, sessionId);
    await recordAudit(tx, { actorId: user.id, action: 'two_factor.enable', targetType: 'user', targetId: user.id });
    return codes;
  });
}

/** New recovery codes for a code from the app; the old ones stop working. */
export async function regenerateRecoveryCodes(
  db: Database,
  box: SecretBox,
  user: Pick<UserRow, 'id'>,
  code: string,
  now: number,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await acceptTotpCode(tx, box, user.id, code, now, 400, true);
    const codes = await replaceRecoveryCodes(tx, user.id);
    await recordAudit(tx, { actorId: user.id, action: 'two_factor.recovery_regenerate', targetType: 'user', targetId: user.id });
    return codes;
  });
}

/**
 * Turns two-factor off with a second factor (the route has checked the password first). The secret and the recovery codes
 * are deleted, and every other session ends: the account just lost a protection, so anything
 * signed in elsewhere must sign in again under the new rule.
 */
export async function disableTwoFactor(
  db: Database,
  box: SecretBox,
  user: Pick<UserRow, 'id'>,
  sessionId: number | null,
  input: SecondFactor,
  now: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const used = await verifySecondFactor(tx, box, user.id, input, now);
    await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, user.id));
    await revokeOtherSessions(tx, user.id, sessionId);
    await recordAudit(tx, {
      actorId: user.id,
      action: 'two_factor.disable',
      targetType: 'user',
      targetId: user.id,
      after: { with: used },
    });
  });
}

/**
 * Removes a user's two-factor (secret and recovery codes), for an admin's reset of someone else's
 * account (admin-users); false when it was not on. The caller ends the sessions and tells the owner.
 */
export async function removeTwoFactor(tx: DbExecutor, userId: number): Promise<boolean> {
  const removed = await tx
    .delete(userTotp)
    .where(and(eq(userTotp.userId, userId), sql`${userTotp.enabledAt} is not null`))
    .returning({ userId: userTotp.userId });
  if (!removed.length) return false;
  await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  return true;
}

/** Whether this user signs in with a second step. */
export async function hasTwoFactor(db: DbExecutor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), sql`${userTotp.enabledAt} is not null`));
  return row !== undefined;
}

/** The right password for an account with two-factor on: a short-lived, single-use challenge instead of a session. */
export async function createLoginChallenge(db: DbExecutor, userId: number, now = Date.now()): Promise<LoginChallenge> {
  const token = generateToken();
  const expiresAt = new Date(now + twoFactorConstants.challengeTtlMs);
  await db.insert(loginChallenges).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { two_factor_required: true, challenge: token, expires_at: expiresAt.toISOString() };
}

const challengeExpired = () => new AppError(401, twoFactorMessages.challengeExpired, undefined, TWO_FACTOR_CHALLENGE_EXPIRED);

/** The open challenge of a token and its user, or 401 TWO_FACTOR_CHALLENGE_EXPIRED. */
export async function findLoginChallenge(
  db: DbExecutor,
  token: string,
  now: number,
): Promise<{ challengeId: number; user: UserRow }> {
  const [row] = await db
    .select({ challengeId: loginChallenges.id, user: users })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(
      and(
        eq(loginChallenges.tokenHash, hashToken(token)),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, new Date(now)),
        lt(loginChallenges.failures, twoFactorConstants.challengeMaxFailures),
      ),
    );
  if (!row || !(signInStatuses as readonly string[]).includes(row.user.status)) throw challengeExpired();
  return row;
}

/**
 * The second step of a sign-in. A wrong code counts against the challenge (after
 * `challengeMaxFailures` the password is asked again) and answers 401. The right one uses up the
 * challenge and opens a session. A recovery code also ends every other session: it is used when
 * the phone is lost, and whatever is signed in on that phone should not stay signed in.
 */
export async function completeTwoFactorLogin(
  db: Database,
  box: SecretBox,
  challenge: { challengeId: number; user: UserRow },
  factor: SecondFactor,
  userAgent: string | null | undefined,
  now: number,
): Promise<{ user: UserRow; token: string; used: FactorUsed }> {
  const { challengeId, user } = challenge;
  let used: FactorUsed;
  try {
    used = await db.transaction(async (tx) => {
      const factorUsed = await verifySecondFactor(tx, box, user.id, factor, now, 401);
      const [claimed] = await tx
        .update(loginChallenges)
        .set({ usedAt: sql`now()` })
        .where(and(eq(loginChallenges.id, challengeId), isNull(loginChallenges.usedAt)))
        .returning({ id: loginChallenges.id });
      if (!claimed) throw challengeExpired();
      if (factorUsed === 'recovery_code') {
        await revokeUserSessions(tx, user.id);
        await recordAudit(tx, { actorId: user.id, action: 'two_factor.recovery_use', targetType: 'user', targetId: user.id });
      }
      await tx
        .update(users)
        .set({ lastLoginAt: sql`now()` })
        .where(eq(users.id, user.id));
      return factorUsed;
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 401 && err.code !== TWO_FACTOR_CHALLENGE_EXPIRED) {
      await db
        .update(loginChallenges)
        .set({ failures: sql`${loginChallenges.failures} + 1` })
        .where(eq(loginChallenges.id, challengeId));
    }
    throw err;
  }
  return { user, token: await createSession(db, user.id, userAgent), used };
}
