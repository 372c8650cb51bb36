import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db';
import { users } from '../../db/schema';
import { composeMail } from '../../lib/mail-layout';
import type { Mailer } from '../../lib/mailer';
import { enqueue, type OutboxHandler } from '../../lib/outbox';
import { getBrandName } from '../settings';

export const INTEGRITY_MAIL = 'integrity.mail';

interface IntegrityMailPayload {
  /** A partner, or every active admin when null. */
  partnerId: number | null;
  subject: string;
  body: string;
  /** Link target inside the portal: the partner's referral, or an admin queue. */
  path: string | null;
}

/**
 * Queues one integrity mail in the caller's transaction (once per key). The words are decided here
 * and never name the other partner of a conflict.
 */
export async function queueIntegrityMail(
  tx: DbExecutor,
  input: {
    key: string;
    partnerId: number | null;
    subject: string;
    body: string;
    leadPublicId?: string;
    path?: string;
    at?: Date;
  },
): Promise<void> {
  const payload: IntegrityMailPayload = {
    partnerId: input.partnerId,
    subject: input.subject,
    body: input.body,
    path: input.path ?? (input.leadPublicId ? `/referrals/${input.leadPublicId}` : null),
  };
  await enqueue(tx, {
    action: INTEGRITY_MAIL,
    subjectType: input.partnerId ? 'user' : 'admins',
    subjectId: String(input.partnerId ?? 'admins'),
    payload: payload as unknown as Record<string, unknown>,
    dedupeKey: `${INTEGRITY_MAIL}:${input.key}`,
    ...(input.at ? { at: input.at } : {}),
  });
}

export function integrityMailHandler(deps: { mailer: Mailer; publicUrl: string }): OutboxHandler {
  return {
    async handle(entry, { db }) {
      const p = entry.payload as IntegrityMailPayload;
      const recipients = await db
        .select({ email: users.email, fullName: users.fullName })
        .from(users)
        .where(
          p.partnerId === null
            ? and(eq(users.role, 'admin'), eq(users.status, 'active'))
            : and(eq(users.id, p.partnerId), eq(users.status, 'active')),
        );
      const brand = await getBrandName(db);
      for (const to of recipients) {
        await deps.mailer.send(
          await composeMail({
            to,
            subject: p.subject,
            brand,
            blocks: [p.body, ...(p.path ? [{ label: 'Open', href: `${deps.publicUrl}${p.path}` }] : [])],
          }),
        );
      }
    },
  };
}
