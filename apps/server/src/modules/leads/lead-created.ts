import { eq, inArray, sql } from 'drizzle-orm';
import { leadEvents, leads, outbox } from '../../db/schema';
import { batchHandler, type OutboxHandler } from '../../lib/outbox';
import type { CreatedLead, LeadBrowserContext, LeadEventBus } from './lead-events';

/** The one outbox entry a new lead's statement writes beside its CRM push: everything else fans out from it. */
export const LEAD_CREATED = 'lead.created';

interface LeadCreatedPayload {
  /** The lead's `created` event. */
  eventId: number;
  /** On a landing-page lead: what the browser said, for the partner's server-side Lead event. */
  browser?: LeadBrowserContext;
}

/**
 * Fans new leads out to the `created` listeners (mails, the Meta Lead event, the daily counts), a
 * claimed batch of `lead.created` entries at a time. All of it is database writes, so it runs in
 * the transaction that marks the batch done: the outbox's lease and that transaction make it
 * happen exactly once (a worker that dies before the commit leaves the entries to be claimed
 * again, with nothing written), and a burst of leads costs one commit per batch instead of one per
 * lead. The browser's details are dropped from the entries once heard, so a done entry keeps no
 * more than the event's id.
 */
export function createLeadCreatedHandler(bus: LeadEventBus): OutboxHandler {
  return batchHandler(async (tx, entries) => {
    const payloads = new Map(
      entries.map((entry) => [(entry.payload as LeadCreatedPayload).eventId, entry.payload as LeadCreatedPayload]),
    );
    const rows = await tx
      .select({ event: leadEvents, lead: leads })
      .from(leadEvents)
      .innerJoin(leads, eq(leads.id, leadEvents.leadId))
      .where(inArray(leadEvents.id, [...payloads.keys()]))
      .orderBy(leadEvents.id);
    const created = rows.map(({ event, lead }): CreatedLead => {
      const browser = payloads.get(event.id)?.browser;
      return { lead, event: { ...event, leadPublicId: lead.publicId }, ...(browser ? { browser } : {}) };
    });
    if (created.length) await bus.emitCreated(tx, created);
    const heard = entries.filter((entry) => (entry.payload as LeadCreatedPayload).browser);
    if (heard.length) {
      await tx
        .update(outbox)
        .set({ payload: sql`jsonb_build_object('eventId', ${outbox.payload} -> 'eventId')` })
        .where(
          inArray(
            outbox.id,
            heard.map((entry) => entry.id),
          ),
        );
    }
  });
}
