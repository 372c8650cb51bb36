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

/**
 * What a `created` event's work may read, as SQL: the new lead's and its event's rows by name, and
 * parameters for the values that differ from one lead to the next. The lead's statement is built
 * once and prepared, so a contributor's SQL must take every per-lead value from here.
 */
export interface CreatedLeadRefs {
  /** A relation with the new lead's `id`, `public_id`, `partner_id` and `created_at`. */
  lead: SQL;
  /** A relation with the event's `id` and `lead_id`. */
  event: SQL;
  /** The user who submitted the lead (a partner or an admin), null for the merchant: an int. */
  actorId: SQL;
  /** When the lead was submitted: a timestamptz. */
  at: SQL;
  /** The value this contributor's `values` gave under `name` for the lead at hand, null if none (untyped: cast it). */
  value(name: string): SQL;
}

/** A new lead as a contributor's `values` sees it. */
export interface CreatedLead {
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
 * The work a new lead brings (outbox rows: mails, a CRM push; roll-ups) as one data-modifying
 * statement, `insert into outbox ... select ... from <lead>, <event> ...`. The lead insert runs every
 * contributor inside its own statement, so a new lead with all its work is one round trip and one
 * commit; the rules stay in the module that owns them. The statement is built once per app (its
 * text is prepared on every connection); `values` is what a contributor computes for each lead, and
 * its SQL reads those through `refs.value(name)`. Work that does not apply to a lead writes no row
 * (a `where` on a value), rather than changing the statement.
 */
export interface CreatedLeadWork {
  statement(refs: CreatedLeadRefs): SQL;
  values?(lead: CreatedLead): Record<string, unknown>;
}

/** Other modules (notifications, CRM status sync) subscribe here instead of the leads module calling them. */
export interface LeadEventBus {
  /** Every event but `created`, whose work is given as SQL through onCreated. */
  on(listener: LeadEventListener): void;
  emit(tx: DbExecutor, event: RecordedLeadEvent): Promise<void>;
  /** Registered while the app is built: the lead statement, once built, does not change. */
  onCreated(work: CreatedLeadWork): void;
  /**
   * The contributors' statements for the lead statement, built once: `refs.value` of each comes out
   * as a placeholder that createdValues fills.
   */
  createdWork(refs: Omit<CreatedLeadRefs, 'value'>): SQL[];
  /** One lead's values of the placeholders in createdWork's statements, by placeholder name. */
  createdValues(lead: CreatedLead): Record<string, unknown>;
}

export function createLeadEventBus(): LeadEventBus {
  const listeners: LeadEventListener[] = [];
  const contributors: CreatedLeadWork[] = [];
  let isBuilt = false;
  /** The value names each contributor's statement reads (refs.value), by contributor. */
  const names: Set<string>[] = [];
  // Each contributor's values under its own prefix, so two may use the same name.
  const placeholderName = (index: number, name: string) => `created_${index}_${name}`;
  return {
    on: (listener) => void listeners.push(listener),
    async emit(tx, event) {
      if (event.kind === 'created') {
        // Recorded on its own (not by the lead insert): run the same statements against this event.
        const lead: CreatedLead = { actorId: event.actorId, at: event.createdAt };
        for (const work of contributors) {
          const values = work.values?.(lead) ?? {};
          const statement = work.statement({
            lead: sql`(select ${leads.id}, ${leads.publicId}, ${leads.partnerId}, ${leads.createdAt} from ${leads} where ${leads.id} = ${event.leadId})`,
            event: sql`(select ${event.id}::int as id, ${event.leadId}::int as lead_id)`,
            actorId: sql`${event.actorId}::int`,
            at: sql`${event.createdAt.toISOString()}::timestamptz`,
            value: (name) => sql`${values[name] ?? null}`,
          });
          await tx.execute(statement);
        }
        return;
      }
      for (const listener of listeners) await listener(tx, event);
    },
    onCreated(work) {
      if (isBuilt) throw new Error('lead contributors are registered while the app is built, before the first lead');
      contributors.push(work);
    },
    createdWork(refs) {
      isBuilt = true;
      return contributors.map((work, i) => {
        names[i] = new Set();
        return work.statement({
          ...refs,
          value: (name) => {
            names[i]!.add(name);
            return sql`${sql.placeholder(placeholderName(i, name))}`;
          },
        });
      });
    },
    createdValues(lead) {
      const all: Record<string, unknown> = {};
      contributors.forEach((work, i) => {
        const given = work.values?.(lead) ?? {};
        for (const name of names[i] ?? []) all[placeholderName(i, name)] = given[name] ?? null;
      });
      return all;
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
