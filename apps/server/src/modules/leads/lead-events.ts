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

type LeadRow = typeof leads.$inferSelect;

/**
 * A new lead as its `created` listeners hear of it: the lead and its `created` event as stored,
 * and on a lead from the landing page what its browser said (kept in the `lead.created` entry only
 * until the listeners have run; never stored with the lead).
 */
export interface CreatedLead {
  lead: LeadRow;
  event: RecordedLeadEvent;
  browser?: LeadBrowserContext;
}

/**
 * Runs in the outbox worker, in the transaction that marks the leads' `lead.created` entries done,
 * with every new lead of the batch (so a burst costs each listener a few statements, not a few per
 * lead): what it writes (mails, a Conversions API event, the daily counts) exists exactly once,
 * never in the lead's own transaction.
 */
export type CreatedLeadListener = (tx: DbExecutor, created: CreatedLead[]) => Promise<void>;

/** Other modules (notifications, CRM status sync, statistics) subscribe here instead of the leads module calling them. */
export interface LeadEventBus {
  /** Every event but `created`, in the transaction that records it. */
  on(listener: LeadEventListener): void;
  emit(tx: DbExecutor, event: RecordedLeadEvent): Promise<void>;
  /** New leads, heard from the worker once they have committed (leads/lead-created.ts). */
  onCreated(listener: CreatedLeadListener): void;
  emitCreated(tx: DbExecutor, created: CreatedLead[]): Promise<void>;
}

export function createLeadEventBus(): LeadEventBus {
  const listeners: LeadEventListener[] = [];
  const createdListeners: CreatedLeadListener[] = [];
  return {
    on: (listener) => void listeners.push(listener),
    async emit(tx, event) {
      if (event.kind === 'created') return;
      for (const listener of listeners) await listener(tx, event);
    },
    onCreated: (listener) => void createdListeners.push(listener),
    async emitCreated(tx, created) {
      for (const listener of createdListeners) await listener(tx, created);
    },
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
