import { sql, type SQL } from 'drizzle-orm';
import type { LeadEventKind, LeadStatus } from '@portal/contract';
import type { DbExecutor } from '../../db';
import { leadEvents, leads } from '../../db/schema';

export type LeadEventRow = typeof leadEvents.$inferSelect;

/** An event as written, with the lead's public id for listeners that build links or mails. */
export interface RecordedLeadEvent extends LeadEventRow {
  leadPublicId: string;
  /** The submitting browser, on a lead's `created` event from the landing page; never stored with the event. */
  browser?: LeadBrowserContext;
}

/** What the landing page's browser said about itself (for Meta's server-side Lead event). */
export interface LeadBrowserContext {
  userAgent: string;
  /** The id the browser pixel gave its Lead event. */
  eventId?: string;
  pageUrl?: string;
  fbp?: string;
  fbc?: string;
}

export interface LeadEventInput {
  leadId: number;
  leadPublicId: string;
  kind: LeadEventKind;
  /** The user who acted, or null with a label: 'CRM', 'System', 'Merchant'. */
  actorId: number | null;
  actorLabel: string;
  fromStatus?: LeadStatus | null;
  toStatus?: LeadStatus | null;
  reason?: string | null;
  note?: string | null;
  visibleToPartner?: boolean;
  data?: Record<string, unknown> | null;
  at?: Date;
  browser?: LeadBrowserContext;
}

/**
 * Runs inside the transaction that recorded the event, so what a listener enqueues (a mail, a CRM
 * status push) exists exactly when the event does.
 */
export type LeadEventListener = (tx: DbExecutor, event: RecordedLeadEvent) => Promise<void>;

/** What a `created` event's work may read: the new lead's and its event's rows, by name. */
export interface CreatedLeadRefs {
  /** A relation with the new lead's `id`, `public_id`, `partner_id` and `created_at`. */
  lead: SQL;
  /** A relation with the event's `id` and `lead_id`. */
  event: SQL;
  /** The user who submitted the lead (a partner or an admin), null for the merchant. */
  actorId: number | null;
  at: Date;
  /** On a lead from the landing page: what its browser said and how to reach the merchant (server-side Lead events). */
  landingPage?: LandingPageSubmission;
}

/** A landing-page submission as the partner's server-side Lead event needs it; never stored with the event. */
export interface LandingPageSubmission {
  browser: LeadBrowserContext;
  email: string;
  countryCode: string;
  phoneDigits: string;
  referralUuid: string;
}

/**
 * The work a new lead brings (outbox rows: mails, a CRM push) as one data-modifying statement,
 * `insert into outbox ... select ... from <lead>, <event> ...`, or null for none. The lead insert
 * runs every contributor inside its own statement, so a new lead with all its work is one round
 * trip and one commit; the rules stay in the module that owns them.
 */
export type CreatedLeadWork = (refs: CreatedLeadRefs) => SQL | null;

/** Other modules (notifications, CRM status sync) subscribe here instead of the leads module calling them. */
export interface LeadEventBus {
  /** Every event but `created`, whose work is given as SQL through onCreated. */
  on(listener: LeadEventListener): void;
  emit(tx: DbExecutor, event: RecordedLeadEvent): Promise<void>;
  onCreated(work: CreatedLeadWork): void;
  /** The contributors' statements for one new lead. */
  createdWork(refs: CreatedLeadRefs): SQL[];
}

export function createLeadEventBus(): LeadEventBus {
  const listeners: LeadEventListener[] = [];
  const createdWork: CreatedLeadWork[] = [];
  return {
    on: (listener) => void listeners.push(listener),
    async emit(tx, event) {
      if (event.kind === 'created') {
        // Recorded on its own (not by the lead insert): run the same statements against this event.
        const refs = {
          lead: sql`(select ${leads.id}, ${leads.publicId}, ${leads.partnerId}, ${leads.createdAt} from ${leads} where ${leads.id} = ${event.leadId})`,
          event: sql`(select ${event.id}::int as id, ${event.leadId}::int as lead_id)`,
          actorId: event.actorId,
          at: event.createdAt,
        };
        for (const work of createdWork) {
          const statement = work(refs);
          if (statement) await tx.execute(statement);
        }
        return;
      }
      for (const listener of listeners) await listener(tx, event);
    },
    onCreated: (work) => void createdWork.push(work),
    createdWork: (refs) => createdWork.map((work) => work(refs)).filter((s): s is SQL => s !== null),
  };
}

/** Appends an event to a lead's history (never updated or deleted) and tells the listeners. */
export async function recordLeadEvent(
  tx: DbExecutor,
  bus: LeadEventBus | null,
  input: LeadEventInput,
): Promise<RecordedLeadEvent> {
  const [row] = await tx
    .insert(leadEvents)
    .values({
      leadId: input.leadId,
      kind: input.kind,
      actorId: input.actorId,
      actorLabel: input.actorLabel,
      fromStatus: input.fromStatus ?? null,
      toStatus: input.toStatus ?? null,
      reason: input.reason ?? null,
      note: input.note ?? null,
      visibleToPartner: input.visibleToPartner ?? false,
      data: input.data ?? null,
      ...(input.at ? { createdAt: input.at } : {}),
    })
    .returning();
  const event: RecordedLeadEvent = {
    ...row!,
    leadPublicId: input.leadPublicId,
    ...(input.browser ? { browser: input.browser } : {}),
  };
  await bus?.emit(tx, event);
  return event;
}
