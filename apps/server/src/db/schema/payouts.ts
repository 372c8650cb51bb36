import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { statements } from './commissions';
import { users } from './users';

const cents = (name: string) => bigint(name, { mode: 'number' });

/** The W-9 or W-8 as submitted, without its TIN (that is sealed in `tinSealed`). */
export interface StoredTaxForm {
  legal_name: string;
  business_name: string | null;
  entity_type: string | null;
  address: { line1: string; line2: string | null; city: string; state: string | null; zip: string | null; country: string };
  tin_type: 'ssn' | 'ein' | 'foreign' | null;
  signature: string;
  signed_at: string;
  form_revision: string;
  expires_on: string | null;
}

/**
 * A partner's payout details (issue 22). The TIN and the bank numbers are sealed with the secrets
 * key (lib/secret-box, purpose `payout-data:v1`, the partner's id as context); only their last four
 * digits are kept in clear. A payout hold (bank changed shortly before a payout) is partner-level
 * and distinct from a commission line's own hold.
 */
export const payoutProfiles = pgTable(
  'payout_profiles',
  {
    partnerId: integer('partner_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxKind: text('tax_kind', { enum: ['w9', 'w8ben', 'w8bene'] }),
    taxForm: jsonb('tax_form').$type<StoredTaxForm>(),
    tinSealed: text('tin_sealed'),
    tinLast4: text('tin_last4'),
    /**
     * Keyed fingerprints (HMAC, payout-box.ts) of the TIN, the bank account and the tax form's address:
     * two partners sharing one are found by an index, never by opening sealed values in bulk.
     */
    tinFingerprint: text('tin_fingerprint'),
    bankFingerprint: text('bank_fingerprint'),
    addressFingerprint: text('address_fingerprint'),
    taxStatus: text('tax_status', { enum: ['submitted', 'approved', 'rejected'] }),
    taxRejectReason: text('tax_reject_reason'),
    bankMethod: text('bank_method', { enum: ['ach', 'outside'] }),
    bankHolder: text('bank_holder'),
    /** JSON `{ routing, account }`, sealed. */
    bankSealed: text('bank_sealed'),
    routingLast4: text('routing_last4'),
    accountLast4: text('account_last4'),
    accountType: text('account_type', { enum: ['checking', 'savings'] }),
    bankStatus: text('bank_status', { enum: ['submitted', 'approved', 'rejected'] }),
    bankRejectReason: text('bank_reject_reason'),
    bankNameMatches: boolean('bank_name_matches').notNull().default(false),
    bankChangedAt: timestamp('bank_changed_at', { withTimezone: true }),
    /** When a payout to this account was first sent; null → a prenote may verify it first. */
    bankFirstPaidAt: timestamp('bank_first_paid_at', { withTimezone: true }),
    /** The payout hold: set when the bank account changed shortly before a payout, cleared by the next sent batch. */
    payoutHoldSince: timestamp('payout_hold_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One identity, two partners (referral integrity): lookups by fingerprint.
    index('payout_profiles_tin_fp_idx')
      .on(t.tinFingerprint)
      .where(sql`${t.tinFingerprint} is not null`),
    index('payout_profiles_bank_fp_idx')
      .on(t.bankFingerprint)
      .where(sql`${t.bankFingerprint} is not null`),
    index('payout_profiles_address_fp_idx')
      .on(t.addressFingerprint)
      .where(sql`${t.addressFingerprint} is not null`),
  ],
);

/** A tax form or bank account waiting for (or given) an admin's decision. */
export const payoutReviews = pgTable(
  'payout_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['tax_form', 'bank_account'] }).notNull(),
    status: text('status', { enum: ['submitted', 'approved', 'rejected'] })
      .notNull()
      .default('submitted'),
    flags: jsonb('flags').$type<string[]>().notNull().default([]),
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payout_reviews_status_idx').on(t.status, t.createdAt, t.id),
    uniqueIndex('payout_reviews_open_idx')
      .on(t.partnerId, t.kind)
      .where(sql`${t.status} = 'submitted'`),
  ],
);

/** A month's payout batch: a draft until an admin marks it sent (its NACHA file went to the bank). */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A short number for the NACHA batch number and file names. */
    number: serial('number').notNull(),
    month: text('month').notNull(),
    effectiveDate: date('effective_date').notNull(),
    status: text('status', { enum: ['draft', 'sent'] })
      .notNull()
      .default('draft'),
    prenotes: boolean('prenotes').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payout_batches_draft_idx')
      .on(t.month)
      .where(sql`${t.status} = 'draft'`),
  ],
);

/** One partner's payout in a batch; the bank numbers are a sealed copy of the profile's when it was built. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => payoutBatches.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id),
    amountCents: cents('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'paid', 'returned', 'canceled'] })
      .notNull()
      .default('pending'),
    entryClass: text('entry_class', { enum: ['PPD', 'CCD'] }).notNull(),
    holderName: text('holder_name').notNull(),
    bankSealed: text('bank_sealed').notNull(),
    accountLast4: text('account_last4').notNull(),
    accountType: text('account_type', { enum: ['checking', 'savings'] }).notNull(),
    prenote: boolean('prenote').notNull().default(false),
    /** The entry's sequence in the file (the trace number's last 7 digits), set when the file is made. */
    seq: integer('seq').notNull(),
    retry: boolean('retry').notNull().default(false),
    returnCode: text('return_code'),
    returnNote: text('return_note'),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payouts_batch_idx').on(t.batchId, t.seq), index('payouts_partner_idx').on(t.partnerId, t.createdAt)],
);

/** The statements a payout pays. `active` is false once the payout is returned or canceled. */
export const payoutStatements = pgTable(
  'payout_statements',
  {
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => statements.id),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.payoutId, t.statementId] }),
    // A statement is in at most one live payout: it can never be paid twice.
    uniqueIndex('payout_statements_live_idx')
      .on(t.statementId)
      .where(sql`${t.active}`),
  ],
);

/** A 1099-NEC an admin marked corrected (issue 22 §3): the CSV and the partner's copy say CORRECTED. */
export const form1099Corrections = pgTable(
  'form_1099_corrections',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    reason: text('reason').notNull(),
    correctedBy: integer('corrected_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.year] })],
);

/**
 * The reminders a held partner was sent (issue 22 §2: day 0, 7 and 30 of a hold), one row each, so
 * the hourly sweep sends each exactly once. `heldSince` is when the hold began: the earliest
 * publication of the partner's statements still waiting; a later hold starts the days again.
 */
export const payoutReminders = pgTable(
  'payout_reminders',
  {
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    heldSince: timestamp('held_since', { withTimezone: true }).notNull(),
    day: integer('day').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.heldSince, t.day] })],
);
