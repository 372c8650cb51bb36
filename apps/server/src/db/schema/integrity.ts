import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { conflictDecisions, conflictStatuses, matchKinds, riskActions, riskItemStatuses, riskSignals } from '@portal/contract';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { leads } from './leads';
import { users } from './users';

/**
 * A business name as matching compares it: lower case, letters, digits and single spaces, without
 * the usual company suffixes ("Joe's Pizza LLC" and "Joes Pizza" both read "joes pizza"). One SQL
 * expression, so the claims' stored key and the merchants' index are computed alike.
 */
export const normalizedName = (value: SQL | AnyColumn) =>
  sql`btrim(regexp_replace(regexp_replace(regexp_replace(lower(${value}), ${sql.raw(`'[^a-z0-9 ]+'`)}, '', 'g'), ${sql.raw(
    `'\\m(llc|inc|ltd|co|corp|corporation|company|limited|incorporated|the)\\M'`,
  )}, ' ', 'g'), ${sql.raw(`'\\s+'`)}, ' ', 'g'))`;

export const claimStates = ['active', 'conflict', 'released', 'lost', 'rejected', 'not_eligible'] as const;
export type ClaimState = (typeof claimStates)[number];

/**
 * A partner's claim on a business: one per credited lead, written by the worker from the lead's
 * `lead.created` entry (never in the lead's own statement), with the keys a later referral is
 * matched on. `active` owns the business until `window_ends_at` (or for good once the lead is an
 * approved merchant); `conflict` waits for an admin; the others own nothing.
 */
export const referralClaims = pgTable(
  'referral_claims',
  {
    leadId: integer('lead_id')
      .primaryKey()
      .references(() => leads.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Country code and digits, e.g. "+14155550123". */
    phoneKey: text('phone_key').notNull(),
    emailKey: text('email_key').notNull(),
    /** The email's domain when it is a company's own (free-mail domains give none): the website domain we can know. */
    domainKey: text('domain_key'),
    nameKey: text('name_key').notNull(),
    countryCode: text('country_code').notNull(),
    state: text('state', { enum: claimStates }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    warnedAt: timestamp('warned_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('referral_claims_phone_idx').on(t.phoneKey),
    index('referral_claims_email_idx').on(t.emailKey),
    index('referral_claims_domain_idx')
      .on(t.domainKey)
      .where(sql`${t.domainKey} is not null`),
    index('referral_claims_name_trgm_idx').using('gin', t.nameKey.op('gin_trgm_ops')),
    // The lapse job: active claims by the end of their window.
    index('referral_claims_window_idx')
      .on(t.windowEndsAt)
      .where(sql`${t.state} = 'active'`),
    index('referral_claims_partner_idx').on(t.partnerId),
  ],
);

/** Two partners' claims on one business, waiting for (or decided by) an admin. */
export const referralConflicts = pgTable(
  'referral_conflicts',
  {
    id: serial('id').primaryKey(),
    /** The earlier referral (the owner's when the second arrived). */
    firstLeadId: integer('first_lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    secondLeadId: integer('second_lead_id')
      .notNull()
      .unique()
      .references(() => leads.id, { onDelete: 'cascade' }),
    matchedOn: jsonb('matched_on').$type<(typeof matchKinds)[number][]>().notNull(),
    status: text('status', { enum: conflictStatuses }).notNull().default('open'),
    decision: text('decision', { enum: conflictDecisions }),
    /** Split: the first partner's share of the bonus in basis points. */
    firstShareBps: integer('first_share_bps'),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('referral_conflicts_status_idx').on(t.status, t.createdAt.desc(), t.id.desc())],
);

/** One row per partner and signal while open: count and last seen; resolved and voided rows stay as the record. */
export const riskItems = pgTable(
  'risk_items',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signal: text('signal', { enum: riskSignals }).notNull(),
    action: text('action', { enum: riskActions }).notNull(),
    status: text('status', { enum: riskItemStatuses }).notNull().default('open'),
    count: integer('count').notNull().default(0),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    note: text('note'),
    /** "Don't flag this partner for this signal again", set when resolving. */
    suppressed: boolean('suppressed').notNull().default(false),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('risk_items_open_idx')
      .on(t.partnerId, t.signal)
      .where(sql`${t.status} = 'open'`),
    index('risk_items_status_idx').on(t.status, t.lastSeenAt.desc(), t.id.desc()),
  ],
);

/** Each time a signal fired: the referral and masked evidence (never a raw address or hash). */
export const riskEvents = pgTable(
  'risk_events',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => riskItems.id, { onDelete: 'cascade' }),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    detail: text('detail').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('risk_events_item_idx').on(t.itemId, t.id), index('risk_events_lead_idx').on(t.leadId)],
);

/**
 * The IP hashes a partner's own signed-in sessions came from (salted as a landing submission's
 * `ip_hash`, never an address), with when last seen: the "same device" signal compares a landing
 * referral's hash with these within 24 hours. Written at most once a minute per session.
 */
export const partnerDeviceHashes = pgTable(
  'partner_device_hashes',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ipHash: text('ip_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.ipHash] })],
);

/** A partner's note on their own referral while it is under review; shown to admins in the conflict and risk detail. */
export const reviewNotes = pgTable(
  'review_notes',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('review_notes_lead_idx').on(t.leadId, t.id)],
);
