import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LeadStatus } from '@portal/contract';
import type { App } from '../src/app';
import { leads } from '../src/db/schema';
import { createOutboxProcessor, enqueue } from '../src/lib/outbox';
import { LEAD_MOVED } from '../src/modules/admin-stats';
import { LEAD_CREATED, recordLeadEvent } from '../src/modules/leads';

type NewLead = Partial<typeof leads.$inferInsert>;
export type LeadRow = typeof leads.$inferSelect;

/**
 * A stored lead with its 'created' event and its `lead.created` entry, written straight to the
 * database in one transaction (as the lead statement does) without going through any route. What
 * a new lead brings (mails, the daily counts) is written once the worker runs: `runLeadFanOut`.
 */
export async function insertLead(
  app: App,
  overrides: NewLead = {},
  actor: { id: number | null; label: string } = { id: null, label: 'Merchant' },
): Promise<LeadRow> {
  return app.db.transaction(async (tx) => {
    const [lead] = await tx
      .insert(leads)
      .values({
        referralUuid: '00000000-0000-4000-8000-000000000000',
        firstName: 'Mia',
        lastName: 'Merchant',
        email: `merchant-${randomBytes(4).toString('hex')}@shop.example`,
        company: 'Corner Bakery',
        businessType: 'Restaurant',
        countryCode: 'US',
        phoneDigits: '2025550123',
        title: '+1 2025550123',
        notes: 'Private notes of the merchant',
        description: 'Private description',
        smsConsent: false,
        marketingConsent: false,
        consentTextVersion: 'test',
        ipHash: 'hash',
        source: 'landing_page',
        ...overrides,
      })
      .returning();
    const event = await recordLeadEvent(tx, app.leadEvents, {
      leadId: lead!.id,
      leadPublicId: lead!.publicId,
      kind: 'created',
      actorId: actor.id,
      actorLabel: actor.label,
      ...(overrides.createdAt ? { at: overrides.createdAt } : {}),
    });
    await enqueue(tx, {
      action: LEAD_CREATED,
      subjectType: 'lead',
      subjectId: lead!.publicId,
      leadId: lead!.id,
      payload: { eventId: event.id },
      dedupeKey: `${LEAD_CREATED}:${lead!.id}`,
    });
    return lead!;
  });
}

/** A status move as the pipeline records it: the lead's status and its 'status' event in one transaction. */
export async function moveLead(
  app: App,
  lead: Pick<LeadRow, 'id' | 'publicId'>,
  to: LeadStatus,
  opts: { actorId?: number | null; actorLabel?: string; reason?: string; note?: string; visibleToPartner?: boolean } = {},
) {
  return app.db.transaction(async (tx) => {
    const [before] = await tx.select({ status: leads.status }).from(leads).where(eq(leads.id, lead.id)).for('update');
    await tx.update(leads).set({ status: to, statusChangedAt: new Date() }).where(eq(leads.id, lead.id));
    return recordLeadEvent(tx, app.leadEvents, {
      leadId: lead.id,
      leadPublicId: lead.publicId,
      kind: 'status',
      actorId: opts.actorId ?? null,
      actorLabel: opts.actorLabel ?? 'Ada Admin',
      fromStatus: before!.status,
      toStatus: to,
      reason: opts.reason ?? null,
      note: opts.note ?? null,
      visibleToPartner: opts.visibleToPartner ?? false,
    });
  });
}

/**
 * Runs what the outbox worker runs for new leads and status moves (the `lead.created` fan-out:
 * mails queued, the Meta Lead event queued, the daily counts; `stats.lead_moved`), and nothing
 * else: the mails and pushes it queues stay pending. Answers how many entries it handled.
 */
export function runLeadFanOut(app: App): Promise<number> {
  const { handlers } = app.outbox;
  return createOutboxProcessor(app.db, {
    handlers: { [LEAD_CREATED]: handlers[LEAD_CREATED]!, [LEAD_MOVED]: handlers[LEAD_MOVED]! },
    log: app.log,
  }).processDue();
}
