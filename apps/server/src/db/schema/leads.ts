import { sql } from 'drizzle-orm';
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
import { users } from './users';

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    /** Public id answered to the client as details.id. */
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    partnerId: integer('partner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The uuid the request came with, kept even when it matches no partner. */
    referralUuid: text('referral_uuid').notNull(),
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
    source: text('source', { enum: ['landing_page', 'portal'] }).notNull(),
    status: text('status').notNull().default('new'),
    crmId: text('crm_id'),
    crmNoteId: text('crm_note_id'),
    syncState: text('sync_state', { enum: ['pending', 'synced', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leads_email_lower_idx').on(sql`lower(${t.email})`),
    index('leads_partner_idx').on(t.partnerId),
  ],
);

/** One row per pending CRM action; workers claim rows with FOR UPDATE SKIP LOCKED. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'processing', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt), index('outbox_lead_idx').on(t.leadId)],
);

export const referralVisits = pgTable(
  'referral_visits',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    visitorHash: text('visitor_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.day, t.visitorHash] })],
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
