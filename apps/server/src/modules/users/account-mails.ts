import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { limits } from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { passwordResets, users } from '../../db/schema';
import { enqueue, type OutboxEntry } from '../../lib/outbox';
import { generateToken, hashToken } from '../../lib/tokens';
import { getBrandName } from '../settings';
import {
  applicationReceivedMail,
  emailChangedMail,
  inviteMail,
  passwordResetMail,
  rejectionMail,
  twoFactorResetMail,
  welcomeMail,
} from './users-mails';

/** An invitation's set-your-password link lives 72 hours (issue 9 §1). */
export const INVITE_TTL_MS = 72 * 60 * 60_000;

/** Account mails, sent through the outbox so each is retried until sent and sent once per event. */
export const accountMailActions = {
  invite: 'mail.account_invite',
  passwordReset: 'mail.account_password_reset',
  welcome: 'mail.account_welcome',
  rejection: 'mail.account_rejection',
  emailChanged: 'mail.account_email_changed',
  applicationReceived: 'mail.account_application_received',
  twoFactorReset: 'mail.account_two_factor_reset',
} as const;

type Action = (typeof accountMailActions)[keyof typeof accountMailActions];

/** Queues an account mail in the caller's transaction; call `notifyOutbox(db)` after commit. */
export async function enqueueAccountMail(
  tx: DbExecutor,
  action: Action,
  userId: number,
  payload: Record<string, unknown> = {},
  dedupeKey?: string,
): Promise<void> {
  await enqueue(tx, { action, subjectType: 'user', subjectId: String(userId), payload: { userId, ...payload }, dedupeKey });
}

/** Every unused link of a user stops working (a new invite or reset replaces it). */
export async function voidResetTokens(tx: DbExecutor, userId: number): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Issues a single-use link token; the previous ones die with it. */
export async function issueResetToken(db: Database, userId: number, purpose: 'reset' | 'invite'): Promise<string> {
  return db.transaction(async (tx) => {
    const token = generateToken();
    await voidResetTokens(tx, userId);
    await tx.insert(passwordResets).values({
      tokenHash: hashToken(token),
      userId,
      purpose,
      expiresAt: new Date(Date.now() + (purpose === 'invite' ? INVITE_TTL_MS : limits.resetTokenTtlMs)),
    });
    return token;
  });
}

type Deps = Pick<FastifyInstance, 'db' | 'config' | 'mailer' | 'log' | 'outbox'>;

export function registerAccountMails(app: Deps): void {
  const publicUrl = app.config.publicUrl;
  const userOf = async (entry: OutboxEntry) => {
    const userId = Number((entry.payload as { userId?: unknown }).userId);
    const [row] = await app.db.select().from(users).where(eq(users.id, userId));
    return row;
  };
  const payloadOf = (entry: OutboxEntry) => entry.payload as Record<string, string | undefined>;

  app.outbox.register(accountMailActions.invite, {
    group: 'mail',
    async handle(entry) {
      const user = await userOf(entry);
      // Already accepted (or removed): nothing to send.
      if (!user || user.status !== 'invited') return;
      const token = await issueResetToken(app.db, user.id, 'invite');
      const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}&invite=1`;
      await app.mailer.send(await inviteMail(user, link, await getBrandName(app.db), payloadOf(entry).inviter ?? null));
      if (!app.config.SMTP_URL) app.log.info({ userId: user.id, link }, 'invitation written to the local outbox');
    },
  });

  app.outbox.register(accountMailActions.passwordReset, {
    group: 'mail',
    async handle(entry) {
      const user = await userOf(entry);
      if (!user || user.status !== 'active') return;
      const token = await issueResetToken(app.db, user.id, 'reset');
      const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await app.mailer.send(await passwordResetMail(user, link, await getBrandName(app.db)));
    },
  });

  app.outbox.register(accountMailActions.welcome, {
    group: 'mail',
    async handle(entry) {
      const user = await userOf(entry);
      if (!user) return;
      await app.mailer.send(
        await welcomeMail(user, `${publicUrl}/referral/${user.uuid}`, `${publicUrl}/login`, await getBrandName(app.db)),
      );
    },
  });

  app.outbox.register(accountMailActions.rejection, {
    group: 'mail',
    async handle(entry) {
      const user = await userOf(entry);
      if (!user) return;
      const p = payloadOf(entry);
      await app.mailer.send(await rejectionMail(user, p.reasonLabel ?? 'Other', p.message || null, await getBrandName(app.db)));
    },
  });

  app.outbox.register(accountMailActions.emailChanged, {
    group: 'mail',
    async handle(entry) {
      const user = await userOf(entry);
      const p = payloadOf(entry);
      if (!user || !p.to || !p.oldEmail || !p.newEmail) return;
      await app.mailer.send(
        await emailChangedMail({ email: p.to, fullName: user.fullName }, p.oldEmail, p.newEmail, await getBrandName(app.db)),
      );
    },
  });

  app.outbox.register(accountMailActions.twoFactorReset, {
    group: 'mail',
    async handle(entry) {
      const user = await userOf(entry);
      if (!user) return;
      await app.mailer.send(await twoFactorResetMail(user, `${publicUrl}/login`, await getBrandName(app.db)));
    },
  });

  app.outbox.register(accountMailActions.applicationReceived, {
    group: 'mail',
    async handle(entry) {
      const applicant = await userOf(entry);
      if (!applicant || applicant.status !== 'pending_approval') return;
      const admins = await app.db
        .select()
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
      const brand = await getBrandName(app.db);
      for (const admin of admins) {
        await app.mailer.send(await applicationReceivedMail(admin, applicant, `${publicUrl}/admin/users/${applicant.id}`, brand));
      }
    },
  });
}
