import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { payoutProfiles, payoutReminders, payoutStatements, statements, users } from '../../db/schema';
import { enqueue, type OutboxHandler } from '../../lib/outbox';
import { isoDay, isReady, payoutMailActions, type ProfileRow } from './details-service';

export const PAYOUT_SWEEP = 'payouts.sweep';
const sweepEveryMs = 60 * 60_000;
const dayMs = 86_400_000;

/** A partner whose earnings are held for missing payout details is reminded on these days of the hold. */
const reminderDays = [0, 7, 30] as const;

/**
 * The hourly payout sweep: every partner who is not Ready and has published statements waiting (on
 * no live payout) is reminded on day 0, 7 and 30 of that hold, counted from the earliest waiting
 * statement's publication. Each reminder is a row of `payout_reminders`, inserted once: a day already
 * recorded is never mailed again, and a sweep that comes late (day 10 with day 0 unsent) sends only
 * the latest day due. Returns the reminders queued.
 */
export async function runReminderSweep(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const waiting = await tx
      .select({
        partnerId: statements.partnerId,
        since: sql<string>`min(coalesce(${statements.publishedAt}, ${statements.createdAt}))`,
      })
      .from(statements)
      .innerJoin(users, eq(users.id, statements.partnerId))
      .where(
        and(
          eq(statements.status, 'published'),
          eq(users.status, 'active'),
          sql`not exists (select 1 from ${payoutStatements} ps where ps.statement_id = ${statements.id} and ps.active)`,
        ),
      )
      .groupBy(statements.partnerId);
    if (!waiting.length) return 0;
    const profiles = new Map<number, ProfileRow>();
    const ids = waiting.map((w) => w.partnerId);
    for (let i = 0; i < ids.length; i += 5_000) {
      for (const p of await tx
        .select()
        .from(payoutProfiles)
        .where(inArray(payoutProfiles.partnerId, ids.slice(i, i + 5_000)))) {
        profiles.set(p.partnerId, p);
      }
    }
    const today = isoDay(now);
    const rows: (typeof payoutReminders.$inferInsert)[] = [];
    const latest = new Map<number, number>();
    for (const w of waiting) {
      if (isReady(profiles.get(w.partnerId), today)) continue;
      const heldSince = new Date(w.since);
      const due = reminderDays.filter((d) => heldSince.getTime() + d * dayMs <= now.getTime());
      if (!due.length) continue;
      latest.set(w.partnerId, due[due.length - 1]!);
      for (const day of due) rows.push({ partnerId: w.partnerId, heldSince, day, sentAt: now });
    }
    let queued = 0;
    for (let i = 0; i < rows.length; i += 2_000) {
      const inserted = await tx
        .insert(payoutReminders)
        .values(rows.slice(i, i + 2_000))
        .onConflictDoNothing()
        .returning();
      const mails = inserted
        .filter((r) => latest.get(r.partnerId) === r.day)
        .map((r) => ({
          action: payoutMailActions.reminder,
          subjectType: 'user',
          subjectId: String(r.partnerId),
          payload: { userId: r.partnerId, day: r.day },
          dedupeKey: `${payoutMailActions.reminder}:${r.partnerId}:${r.heldSince.toISOString()}:${r.day}`,
        }));
      await enqueue(tx, mails);
      queued += mails.length;
    }
    return queued;
  });
}

/** The sweep as an outbox action that schedules its next run (one entry per hour slot, so instances never double it). */
export function reminderSweepHandler(): OutboxHandler {
  return {
    async handle(_entry, { db, now }) {
      await runReminderSweep(db, new Date(now()));
    },
    async onDone(tx, entry) {
      const slot = Number((entry.payload as { slot?: number }).slot ?? Math.floor(Date.now() / sweepEveryMs)) + 1;
      await enqueue(tx, sweepEntry(slot));
    },
  };
}

export function sweepEntry(slot: number) {
  return {
    action: PAYOUT_SWEEP,
    subjectType: 'payouts',
    subjectId: 'sweep',
    payload: { slot },
    dedupeKey: `${PAYOUT_SWEEP}:${slot}`,
    at: new Date(slot * sweepEveryMs),
  };
}

export const currentSweepSlot = (now = Date.now()) => Math.floor(now / sweepEveryMs);
