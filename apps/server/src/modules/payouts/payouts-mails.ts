import type { FastifyPluginAsync } from 'fastify';
import type { DbExecutor } from '../../db';
import { eq } from 'drizzle-orm';
import { describeReturnCode, formatCents, formatDate, payoutMessages as m } from '@portal/contract';
import { payouts, users } from '../../db/schema';
import { composeMail } from '../../lib/mail-layout';
import { enqueue, type OutboxHandler } from '../../lib/outbox';
import { getCurrency } from '../commissions';
import { getBrandName } from '../settings';
import { getPayoutDetails, getReadiness, payoutMailActions } from './details-service';
import { PAYOUT_SWEEP, currentSweepSlot, reminderSweepHandler, sweepEntry } from './reminder-sweep';

/**
 * The payout mails, sent by the outbox worker; each reads the current state and skips what no longer
 * applies. And the hourly sweep that reminds partners whose earnings are held.
 */
export const payoutsPlugin: FastifyPluginAsync = async (app) => {
  const settingsLink = `${app.config.publicUrl}/settings?tab=payouts`;
  const mailHandler = (
    build: (
      payload: Record<string, unknown>,
      ctx: { currency: string; db: DbExecutor },
    ) => Promise<{ subject: string; body: string; alsoTo?: string[] } | null>,
  ): OutboxHandler => ({
    async handle(entry, { db }) {
      const payload = entry.payload as Record<string, unknown>;
      const [user] = await db
        .select({ email: users.email, name: users.fullName, status: users.status })
        .from(users)
        .where(eq(users.id, Number(payload.userId)));
      if (!user || user.status !== 'active') return;
      const content = await build(payload, { currency: await getCurrency(db), db });
      if (!content) return;
      const brand = await getBrandName(db);
      const recipients = [user.email, ...(content.alsoTo ?? []).filter((e) => e.toLowerCase() !== user.email.toLowerCase())];
      for (const email of recipients) {
        await app.mailer.send(
          await composeMail({
            to: { email, fullName: user.name },
            subject: content.subject,
            brand,
            blocks: [content.body, { label: 'Open payout settings', href: settingsLink }],
          }),
        );
      }
    },
  });

  app.outbox.register(
    payoutMailActions.bankChanged,
    mailHandler(async (p) => ({
      subject: m.bankChangedSubject,
      body: m.bankChangedBody(String(p.last4 ?? '')),
      alsoTo: Array.isArray(p.previousEmails) ? p.previousEmails.filter((e): e is string => typeof e === 'string') : [],
    })),
  );
  app.outbox.register(
    payoutMailActions.reviewRejected,
    mailHandler(async (p) => ({
      subject: m.reviewRejectedSubject,
      body: m.reviewRejectedBody(String(p.what), String(p.reason ?? '')),
    })),
  );
  app.outbox.register(
    payoutMailActions.returned,
    mailHandler(async (p, { currency, db }) => {
      const [payout] = await db
        .select()
        .from(payouts)
        .where(eq(payouts.id, String(p.payoutId)));
      if (!payout?.returnCode) return null;
      const code = describeReturnCode(payout.returnCode);
      return {
        subject: m.returnedSubject,
        body: m.returnedBody(formatCents(payout.amountCents, currency), payout.returnCode, code.text, code.fix),
      };
    }),
  );
  app.outbox.register(
    payoutMailActions.w8Expiring,
    mailHandler(async (p, { db }) => {
      const details = await getPayoutDetails(db, Number(p.userId));
      // Replaced by a newer form meanwhile: nothing to say.
      if (details.tax_form?.expires_on !== p.expiresOn) return null;
      return { subject: m.w8ExpiringSubject, body: m.w8ExpiringBody(formatDate(String(p.expiresOn))) };
    }),
  );
  app.outbox.register(
    payoutMailActions.reminder,
    mailHandler(async (p, { currency, db }) => {
      const readiness = await getReadiness(db, Number(p.userId));
      // Ready by now, or nothing waiting: no reminder.
      if (readiness.state === 'ready' || readiness.held_cents <= 0) return null;
      return { subject: m.reminderSubject, body: m.reminderBody(formatCents(readiness.held_cents, currency)) };
    }),
  );
  // The hourly sweep that reminds held partners (day 0, 7 and 30); each run schedules the next.
  app.outbox.register(PAYOUT_SWEEP, reminderSweepHandler());
  if (app.config.WORKER !== 'off') {
    app.addHook('onReady', async () => {
      await enqueue(app.db, sweepEntry(currentSweepSlot()));
    });
  }
};
