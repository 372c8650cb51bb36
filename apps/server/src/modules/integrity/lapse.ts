import { and, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { formatDate, integrityMessages as m } from '@portal/contract';
import type { Database } from '../../db';
import { leads, partnerDeviceHashes, referralClaims, riskItems } from '../../db/schema';
import { enqueue, type OutboxHandler } from '../../lib/outbox';
import { sweepIdempotencyKeys } from '../../lib/idempotency-keys';
import { getSettingValue, putSystemSetting } from '../settings';
import { queueIntegrityMail } from './integrity-mails';

export const INTEGRITY_SWEEP = 'integrity.sweep';
const sweepEveryMs = 60 * 60_000;
const reminderKey = 'integrity.last_risk_reminder';

/**
 * The scheduled part of referral integrity, hourly: owners whose window ends within 7 days without
 * the referral becoming a merchant are warned once; lapsed windows release their claim; unresolved
 * risk items are reminded to admins weekly (nothing expires silently). One transaction.
 */
export async function runIntegritySweep(
  db: Database,
  now = new Date(),
): Promise<{ warned: number; released: number; reminded: boolean }> {
  return db.transaction(async (tx) => {
    // The "same device" signal looks back 24 hours: older session hashes are kept no longer than two days.
    await tx.delete(partnerDeviceHashes).where(lt(partnerDeviceHashes.lastSeenAt, new Date(now.getTime() - 2 * 86_400_000)));
    const weekAhead = new Date(now.getTime() + 7 * 86_400_000);
    const warn = await tx
      .update(referralClaims)
      .set({ warnedAt: now })
      .where(
        and(
          eq(referralClaims.state, 'active'),
          gt(referralClaims.windowEndsAt, now),
          lte(referralClaims.windowEndsAt, weekAhead),
          isNull(referralClaims.warnedAt),
          sql`${referralClaims.leadId} in (select id from ${leads} where status not in ('approved', 'unqualified'))`,
        ),
      )
      .returning({ leadId: referralClaims.leadId, partnerId: referralClaims.partnerId, endsAt: referralClaims.windowEndsAt });
    if (warn.length) {
      const named = await tx
        .select({ id: leads.id, company: leads.company, publicId: leads.publicId })
        .from(leads)
        .where(
          inArray(
            leads.id,
            warn.map((w) => w.leadId),
          ),
        );
      for (const w of warn) {
        const lead = named.find((l) => l.id === w.leadId)!;
        await queueIntegrityMail(tx, {
          key: `window:${w.leadId}:${w.endsAt.toISOString()}`,
          partnerId: w.partnerId,
          subject: m.mailWindowSubject,
          body: m.mailWindow(lead.company, formatDate(w.endsAt, 'UTC')),
          leadPublicId: lead.publicId,
        });
      }
    }
    const released = await tx
      .update(referralClaims)
      .set({ state: 'released' })
      .where(
        and(
          eq(referralClaims.state, 'active'),
          lte(referralClaims.windowEndsAt, now),
          sql`${referralClaims.leadId} in (select id from ${leads} where status <> 'approved')`,
        ),
      )
      .returning({ leadId: referralClaims.leadId });

    let reminded = false;
    const last = await getSettingValue(tx, reminderKey);
    if (!last || now.getTime() - Date.parse(last) >= 7 * 86_400_000) {
      const [open] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(riskItems)
        .where(eq(riskItems.status, 'open'));
      const count = Number(open?.count ?? 0);
      if (count > 0) {
        await queueIntegrityMail(tx, {
          key: `risk-reminder:${now.toISOString().slice(0, 10)}`,
          partnerId: null,
          subject: m.mailRiskReminderSubject,
          body: m.mailRiskReminder(count),
          path: '/admin/risk',
        });
        reminded = true;
      }
      await putSystemSetting(tx, reminderKey, now.toISOString());
    }
    return { warned: warn.length, released: released.length, reminded };
  });
}

/** The sweep as an outbox action that schedules its next run (one entry per hour slot, so instances never double it). */
export function integritySweepHandler(): OutboxHandler {
  return {
    async handle(_entry, { db, now }) {
      await runIntegritySweep(db, new Date(now()));
      // The app's one hourly job also trims the partner API's expired Idempotency-Keys (issue #24).
      await sweepIdempotencyKeys(db, new Date(now()));
    },
    async onDone(tx, entry) {
      const slot = Number((entry.payload as { slot?: number }).slot ?? Math.floor(Date.now() / sweepEveryMs)) + 1;
      await enqueue(tx, sweepEntry(slot));
    },
  };
}

export function sweepEntry(slot: number) {
  return {
    action: INTEGRITY_SWEEP,
    subjectType: 'integrity',
    subjectId: 'sweep',
    payload: { slot },
    dedupeKey: `${INTEGRITY_SWEEP}:${slot}`,
    at: new Date(slot * sweepEveryMs),
  };
}

export const currentSweepSlot = (now = Date.now()) => Math.floor(now / sweepEveryMs);
