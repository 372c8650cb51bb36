import { sql } from 'drizzle-orm';
import {
  importStatuses,
  lineKinds,
  lineStatuses,
  merchantStatuses,
  negativeNetPolicies,
  paymentMethods,
  splitBases,
  splitFundings,
  statementStatuses,
  type OverrideLevel,
} from '@portal/contract';
import {
  bigint,
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
import { normalizedName } from './integrity';
import { leads } from './leads';
import { users } from './users';

/** Cents fit a JS number up to 2^53; the contract caps amounts far below that. */
const cents = (name: string) => bigint(name, { mode: 'number' });

/**
 * The compensation plan: one program-wide row (partner_id null) and at most one override per
 * partner. Amounts in cents, the residual share in basis points.
 */
export const commissionPlans = pgTable(
  'commission_plans',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id').references(() => users.id, { onDelete: 'cascade' }),
    bonusCents: cents('bonus_cents').notNull(),
    bonusMinVolumeCents: cents('bonus_min_volume_cents').notNull(),
    clawbackDays: integer('clawback_days').notNull(),
    residualShareBps: integer('residual_share_bps').notNull(),
    minPayoutCents: cents('min_payout_cents').notNull(),
    /** Issue 21: what this plan's partner earns on the merchants of each level of their team. */
    overrideLevels: jsonb('override_levels').$type<OverrideLevel[]>().notNull().default([]),
    overrideBasis: text('override_basis', { enum: splitBases }).notNull().default('share_of_net'),
    overrideFunding: text('override_funding', { enum: splitFundings }).notNull().default('house'),
    negativeNet: text('negative_net', { enum: negativeNetPolicies }).notNull().default('pass_through'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One row per partner, and one program row (NULL partner) through the COALESCE.
  (t) => [uniqueIndex('commission_plans_partner_idx').on(sql`coalesce(${t.partnerId}, 0)`)],
);

/** A referred merchant that processes: made when a referral moves to Approved merchant, or by an admin. */
export const merchantAccounts = pgTable(
  'merchant_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mid: text('mid').notNull().unique(),
    business: text('business').notNull(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id),
    leadId: integer('lead_id')
      .unique()
      .references(() => leads.id, { onDelete: 'set null' }),
    approvedOn: date('approved_on').notNull(),
    status: text('status', { enum: merchantStatuses }).notNull().default('active'),
    closedOn: date('closed_on'),
    /**
     * Referral integrity's hold on the merchant (its referral is in a conflict or under a risk rule):
     * each line written for it meanwhile (a residual import) is held too; `blocked` writes them void.
     */
    riskHold: text('risk_hold', { enum: ['conflict', 'risk', 'blocked'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('merchant_accounts_partner_idx').on(t.partnerId),
    // Referral integrity matches a new referral's business name against merchants (close names count).
    index('merchant_accounts_name_trgm_idx').using('gin', sql`${normalizedName(t.business)} gin_trgm_ops`),
  ],
);

/** An uploaded residual report: a draft holds the parsed rows; committing writes the residual lines. */
export const commissionImports = pgTable(
  'commission_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    month: text('month').notNull(),
    processor: text('processor').notNull(),
    status: text('status', { enum: importStatuses }).notNull().default('draft'),
    fileName: text('file_name').notNull(),
    fileBytes: integer('file_bytes').notNull(),
    rowCount: integer('row_count').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    mapping: jsonb('mapping').$type<Record<string, string | null | undefined>>().notNull(),
    /** Row errors and duplicate MIDs found while parsing; a file with either cannot be committed. */
    errors: jsonb('errors').$type<{ row: number | null; column: string | null; message: string }[]>().notNull(),
    duplicates: jsonb('duplicates').$type<{ mid: string; rows: number[] }[]>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
  },
  (t) => [index('commission_imports_month_idx').on(t.month, t.processor, t.status)],
);

/** The rows of an uploaded report, as parsed (cents, counts); kept for unmatched MIDs assigned later. */
export const commissionImportRows = pgTable(
  'commission_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => commissionImports.id, { onDelete: 'cascade' }),
    rowNo: integer('row_no').notNull(),
    mid: text('mid').notNull(),
    business: text('business'),
    transactions: integer('transactions'),
    volumeCents: cents('volume_cents').notNull(),
    incomeCents: cents('income_cents'),
    costsCents: cents('costs_cents'),
    netRevenueCents: cents('net_revenue_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNo] }), index('commission_import_rows_mid_idx').on(t.mid)],
);

/** The column mapping of a processor's report, saved on each upload and reused for the next. */
export const processorMappings = pgTable('processor_mappings', {
  /** lower(trim(processor)) */
  key: text('key').primaryKey(),
  processor: text('processor').notNull(),
  mapping: jsonb('mapping').$type<Record<string, string | null | undefined>>().notNull(),
  updatedAt: updatedAt(),
});

/** MIDs an admin chose to leave out of the unmatched list (not a referred merchant). */
export const ignoredMids = pgTable('ignored_mids', {
  mid: text('mid').primaryKey(),
  ignoredBy: integer('ignored_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** A partner's statement for a month; the totals are sums of its lines, stored when it is drafted. */
export const statements = pgTable(
  'statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id),
    month: text('month').notNull(),
    status: text('status', { enum: statementStatuses }).notNull().default('draft'),
    merchants: integer('merchants').notNull().default(0),
    volumeCents: cents('volume_cents').notNull().default(0),
    residualCents: cents('residual_cents').notNull().default(0),
    bonusCents: cents('bonus_cents').notNull().default(0),
    adjustmentCents: cents('adjustment_cents').notNull().default(0),
    /** Issue 21: overrides earned on the team's merchants (part of the total). */
    overrideCents: cents('override_cents').notNull().default(0),
    totalCents: cents('total_cents').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    paidOn: date('paid_on'),
    paidMethod: text('paid_method', { enum: paymentMethods }),
    paidReference: text('paid_reference'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('statements_partner_month_idx').on(t.partnerId, t.month),
    index('statements_month_idx').on(t.month, t.status),
  ],
);

/**
 * What a partner earns, one line at a time: amounts signed, in cents, rounded once when the line is
 * made. A paid line never changes (a trigger refuses it); corrections are new lines.
 */
export const commissionLines = pgTable(
  'commission_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id),
    merchantAccountId: uuid('merchant_account_id').references(() => merchantAccounts.id),
    kind: text('kind', { enum: lineKinds }).notNull(),
    status: text('status', { enum: lineStatuses }).notNull(),
    reason: text('reason'),
    month: text('month').notNull(),
    amountCents: cents('amount_cents').notNull(),
    volumeCents: cents('volume_cents'),
    transactions: integer('transactions'),
    netRevenueCents: cents('net_revenue_cents'),
    shareBps: integer('share_bps'),
    description: text('description'),
    statementId: uuid('statement_id').references(() => statements.id, { onDelete: 'set null' }),
    importId: uuid('import_id').references(() => commissionImports.id),
    /**
     * Referral integrity's line-level hold (`conflict` or `risk`): a held line never reaches a
     * statement total or a payout until integrity releases it. Distinct from the partner-level
     * payout hold other features keep.
     */
    riskHold: text('risk_hold', { enum: ['conflict', 'risk'] }),
    /** Issue 21, override lines: the chain level, its basis, and the team member whose merchant it is. */
    level: integer('level'),
    basis: text('basis', { enum: splitBases }),
    downlinePartnerId: integer('downline_partner_id').references(() => users.id),
    /** The admin who added a manual line; null for lines the system made. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('commission_lines_partner_idx').on(t.partnerId, t.month),
    index('commission_lines_statement_idx').on(t.statementId),
    index('commission_lines_import_idx').on(t.importId),
    index('commission_lines_merchant_idx').on(t.merchantAccountId),
    // One automatic bonus and one clawback per merchant account.
    uniqueIndex('commission_lines_auto_bonus_idx')
      .on(t.merchantAccountId, t.kind)
      .where(sql`${t.kind} in ('bonus', 'clawback') and ${t.createdBy} is null and ${t.merchantAccountId} is not null`),
    // One residual per merchant per month.
    uniqueIndex('commission_lines_residual_idx')
      .on(t.merchantAccountId, t.month)
      .where(sql`${t.kind} = 'residual'`),
    // One override per merchant, month and chain level.
    uniqueIndex('commission_lines_override_idx')
      .on(t.merchantAccountId, t.month, t.level)
      .where(sql`${t.kind} = 'override'`),
  ],
);
