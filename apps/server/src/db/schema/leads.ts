import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  leadEventKinds,
  leadSources,
  leadStatuses,
  type DualPricingTerms,
  type SavingsEstimate,
  type SavingsEstimateInput,
} from '@portal/contract';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * A status's place in the pipeline (1 for new …), 0 for one not listed: the /admin/leads status sort
 * and its index, which must be the same expression, written with the statuses as literals.
 */
export const leadStatusRank = (status: AnyColumn | SQL) =>
  sql`coalesce(array_position(array[${sql.raw(leadStatuses.map((s) => `'${s}'`).join(', '))}]::text[], ${status}), 0)`;

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    /** Public id answered to the client as details.id. */
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    partnerId: integer('partner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The uuid the request came with, kept even when it matches no partner. */
    referralUuid: text('referral_uuid').notNull(),
    /**
     * The partner whose link the request came through when that partner was disabled at the time:
     * the lead is stored unattributed and flagged, so an admin can decide who gets the credit.
     */
    disabledPartnerId: integer('disabled_partner_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    company: text('company').notNull(),
    businessType: text('business_type').notNull(),
    countryCode: text('country_code').notNull(),
    phoneDigits: text('phone_digits').notNull(),
    title: text('title').notNull(),
    notes: text('notes').notNull(),
    description: text('description').notNull(),
    smsConsent: boolean('sms_consent').notNull(),
    smsConsentAt: timestamp('sms_consent_at', { withTimezone: true }),
    marketingConsent: boolean('marketing_consent').notNull(),
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    consentTextVersion: text('consent_text_version').notNull(),
    ipHash: text('ip_hash').notNull(),
    source: text('source', { enum: leadSources }).notNull(),
    status: text('status', { enum: leadStatuses }).notNull().default('new'),
    /** Merchant ID, set when the referral becomes an approved merchant; unique across leads. */
    mid: text('mid').unique(),
    /** When the status last moved (the partner's "last update"); CRM bookkeeping does not touch it. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The savings estimate the merchant made on the landing page before sending (issue 12 §2): what
     * they typed, the program terms in force and the result the server computed from them; null without one.
     */
    estimate: jsonb('estimate').$type<{ input: SavingsEstimateInput; terms: DualPricingTerms; result: SavingsEstimate }>(),
    /**
     * Referral integrity holds this referral (a conflict with another partner's, or a risk signal):
     * the partner sees "Under review", never why. Set by the worker after the lead is stored.
     */
    underReview: boolean('under_review').notNull().default(false),
    /** The campaign link's tag the merchant came through (`?c=`, issue 23 §7); null for the plain link. */
    campaign: text('campaign'),
    /** The admin responsible for working the lead (issue 23 §4); null until someone takes it. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    crmId: text('crm_id'),
    crmNoteId: text('crm_note_id'),
    syncState: text('sync_state', { enum: ['pending', 'synced', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('leads_email_lower_idx').on(sql`lower(${t.email})`),
    // A partner's counts per status, read from the index alone (it also serves the partner foreign key).
    index('leads_partner_status_idx').on(t.partnerId, t.status),
    // DESC NULLS LAST: list queries must order exactly so (lib/cursor newestFirst) or PostgreSQL sorts instead.
    index('leads_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    index('leads_partner_newest_idx').on(t.partnerId, t.createdAt.desc(), t.id.desc()),
    index('leads_status_newest_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    // The admin home's figures for a period, read from the index alone: leads created in a window
    // with their status and partner, and leads that became approved in a window.
    index('leads_created_status_partner_idx').on(t.createdAt, t.status, t.partnerId),
    index('leads_status_changed_idx').on(t.status, t.statusChangedAt),
    // The admin home's top partners: the period's approved leads by partner (a few among many).
    index('leads_approved_created_partner_idx')
      .on(t.createdAt, t.partnerId)
      .where(sql`${t.status} = 'approved'`),
    // The "disabled partner's link" filter of /admin/leads, newest first (a few leads among millions).
    index('leads_disabled_partner_newest_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.disabledPartnerId} is not null`),
    // "My leads" on /admin/leads, newest first; partial, so a new lead (no owner) never writes to it.
    index('leads_owner_newest_idx')
      .on(t.ownerId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.ownerId} is not null`),
    // Search by business, contact or email (`ILIKE '%…%'`): trigram indexes (pg_trgm, loaded in PGlite too).
    index('leads_company_trgm_idx').using('gin', t.company.op('gin_trgm_ops')),
    index('leads_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('leads_contact_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    // The sorts of /admin/leads by a column of the lead (issue 23 §4), each its ORDER BY exactly with the
    // id tie-breaker (lead-queries' sortKeyOf), so a page is an index scan with LIMIT in either direction.
    index('leads_sort_business_idx').on(sql`lower(${t.company})`, t.id),
    index('leads_sort_contact_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`, t.id),
    index('leads_sort_source_idx').on(t.source, t.id),
    index('leads_sort_sync_idx').on(t.syncState, t.id),
    index('leads_sort_status_idx').on(leadStatusRank(t.status), t.id),
    // A partner's referrals and approvals per campaign link (the dashboard's links card).
    index('leads_partner_campaign_idx')
      .on(t.partnerId, t.campaign, t.status)
      .where(sql`${t.campaign} is not null`),
  ],
);

/**
 * One row per side effect to perform (CRM push, CRM status push, email, ad event…); workers claim
 * due rows with FOR UPDATE SKIP LOCKED and run the handler registered for the action (lib/outbox).
 * The subject is what the action is about; `lead_id` is set when that is a lead, so deleting the
 * lead removes its pending work.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull().default('lead'),
    subjectId: text('subject_id'),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    /** Enqueuing the same key twice keeps one row: "sent once per event". */
    dedupeKey: text('dedupe_key').unique(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'processing', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_lead_idx').on(t.leadId),
    // The claim's walk of an action's due entries in order (lib/outbox): stops at its limit, so a
    // backlog of one action (30,000 webhook deliveries) neither slows its claims nor the others'.
    index('outbox_pending_idx')
      .on(t.action, t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const referralVisits = pgTable(
  'referral_visits',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    visitorHash: text('visitor_hash').notNull(),
    /** qr, direct, or the link's utm_source (normalised, at most 40 characters); the day's first visit decides. */
    source: text('source').notNull().default('direct'),
    /** The campaign link's tag (`?c=`), null for the plain link; like the source, the day's first visit decides. */
    campaign: text('campaign'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The admin home's visits of a period (all partners): a range of days.
  (t) => [primaryKey({ columns: [t.partnerId, t.day, t.visitorHash] }), index('referral_visits_day_idx').on(t.day)],
);

/**
 * Server-side secrets generated on first use and shared by every instance on the database (today:
 * the salt of IP and visitor hashes when HASH_SALT is unset). Kept out of `settings` on purpose:
 * admins list and edit settings, and must neither read nor rotate these.
 */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A lead's history: every status move, note, reassignment, CRM sync and repeated request.
 * Append-only: nothing updates or deletes a row (only deleting the lead removes its events).
 */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: leadEventKinds }).notNull(),
    /** The user who acted; null for the CRM, the system or the merchant (see actorLabel). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorLabel: text('actor_label').notNull(),
    fromStatus: text('from_status', { enum: leadStatuses }),
    toStatus: text('to_status', { enum: leadStatuses }),
    reason: text('reason'),
    note: text('note'),
    visibleToPartner: boolean('visible_to_partner').notNull().default(false),
    data: jsonb('data'),
    createdAt: createdAt(),
  },
  (t) => [index('lead_events_lead_idx').on(t.leadId, t.id)],
);

/**
 * The one statistic stored apart from the facts: how many leads created on each UTC day are in each
 * status now (every lead counts once, on its created day, in its current status). The admin home's
 * long periods and the unfiltered status counts read a few thousand rows here instead of counting a
 * million leads. Kept by the outbox worker, never in a lead's transaction (modules/admin-stats/
 * lead-daily-counts.ts): a new lead's `lead.created` entry adds it, a status move's
 * `stats.lead_moved` entry moves it, each exactly once, so the figures lag a change by the worker's
 * poll (about a second). Every other figure is counted from leads and referral_visits through their
 * indexes (decision 012).
 */
export const leadDailyCounts = pgTable(
  'lead_daily_counts',
  {
    day: date('day').notNull(),
    status: text('status', { enum: leadStatuses }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.status] })],
);
