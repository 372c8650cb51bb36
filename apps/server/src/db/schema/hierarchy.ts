import { negativeNetPolicies, splitBases, splitFundings } from '@portal/contract';
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from './columns';
import { merchantAccounts } from './commissions';
import { users } from './users';

/**
 * A partner's place in a team (issue 21): at most one upline, whether they may recruit, and the
 * token of their recruit link `/join/{token}`. A partner without a row has no upline and may not
 * recruit.
 */
export const partnerTeams = pgTable(
  'partner_teams',
  {
    partnerId: integer('partner_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    uplineId: integer('upline_id').references(() => users.id, { onDelete: 'set null' }),
    mayRecruit: boolean('may_recruit').notNull().default(false),
    recruitToken: uuid('recruit_token').notNull().defaultRandom().unique(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('partner_teams_upline_idx').on(t.uplineId),
    check('partner_teams_not_self', sql`${t.uplineId} is null or ${t.uplineId} <> ${t.partnerId}`),
  ],
);

/**
 * One version of a merchant account's chain above its partner, in force from a month until the next
 * version: written when the merchant is approved (the chain as it stood then, frozen), and by an
 * admin "from month M". A version with no levels means no overrides from that month.
 */
export const merchantSplitVersions = pgTable(
  'merchant_split_versions',
  {
    merchantAccountId: uuid('merchant_account_id')
      .notNull()
      .references(() => merchantAccounts.id, { onDelete: 'cascade' }),
    fromMonth: text('from_month').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantAccountId, t.fromMonth] })],
);

/** The upline levels (1 = the partner's upline) of one version, each rate frozen. */
export const merchantSplitLevels = pgTable(
  'merchant_split_levels',
  {
    merchantAccountId: uuid('merchant_account_id').notNull(),
    fromMonth: text('from_month').notNull(),
    level: integer('level').notNull(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id),
    rateBps: integer('rate_bps').notNull(),
    basis: text('basis', { enum: splitBases }).notNull(),
    funding: text('funding', { enum: splitFundings }).notNull(),
    endMonth: text('end_month'),
    rateAfterBps: integer('rate_after_bps'),
    negativeNet: text('negative_net', { enum: negativeNetPolicies }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantAccountId, t.fromMonth, t.level] }),
    foreignKey({
      columns: [t.merchantAccountId, t.fromMonth],
      foreignColumns: [merchantSplitVersions.merchantAccountId, merchantSplitVersions.fromMonth],
    }).onDelete('cascade'),
    index('merchant_split_levels_partner_idx').on(t.partnerId),
  ],
);
