import { eq } from 'drizzle-orm';
import { leadEvents, leads, outbox } from '../../db/schema';
import type { OutboxHandler } from '../../lib/outbox';
import type { LeadBrowserContext, LeadEventBus } from './lead-events';

/** The one outbox entry a new lead's statement writes beside its CRM push: everything else fans out from it. */
export const LEAD_CREATED = 'lead.created';

interface LeadCreatedPayload {
  /** The lead's `created` event. */
  eventId: number;
  /** On a landing-page lead: what the browser said, for the partner's server-side Lead event. */
  browser?: LeadBrowserContext;
}

/**
 * Fans a new lead out to the `created` listeners (mails, the Meta Lead event, the daily counts).
 * All of it is database writes, so it runs in the transaction that marks the entry done: the
 * outbox's lease and that transaction make it happen exactly once (a worker that dies before the
 * commit leaves the entry to be claimed again, with nothing written). The browser's details are
 * dropped from the entry once heard, so a done entry keeps no more than the event's id.
 */
export function createLeadCreatedHandler(bus: LeadEventBus): OutboxHandler {
  return {
    async handle() {
      // Nothing outside the database: the work is onDone's.
    },
    async onDone(tx, entry) {
      const { eventId, browser } = entry.payload as LeadCreatedPayload;
      const [row] = await tx
        .select({ event: leadEvents, lead: leads })
        .from(leadEvents)
        .innerJoin(leads, eq(leads.id, leadEvents.leadId))
        .where(eq(leadEvents.id, eventId));
      if (row) {
        await bus.emitCreated(tx, {
          lead: row.lead,
          event: { ...row.event, leadPublicId: row.lead.publicId },
          ...(browser ? { browser } : {}),
        });
      }
      if (browser) await tx.update(outbox).set({ payload: { eventId } }).where(eq(outbox.id, entry.id));
    },
  };
}
