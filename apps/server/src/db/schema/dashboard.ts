import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/*
 * Per-partner daily roll-ups for the dashboard, kept by database triggers on `leads` and
 * `referral_visits` (migration 0004), so every writer (landing page, admin moves, reassignments,
 * deletes) keeps them right without calling anything. No foreign keys on purpose: a trigger may
 * still adjust a row while its partner is being deleted.
 */

/** Per UTC day: referrals created, link visits, and referrals approved that day. */
export const partnerDailyStats = pgTable(
  'partner_daily_stats',
  {
    partnerId: integer('partner_id').notNull(),
    day: date('day').notNull(),
    referrals: integer('referrals').notNull().default(0),
    visits: integer('visits').notNull().default(0),
    approved: integer('approved').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.day] })],
);

/** Link visits per UTC day and source. */
export const partnerDailyVisitSources = pgTable(
  'partner_daily_visit_sources',
  {
    partnerId: integer('partner_id').notNull(),
    day: date('day').notNull(),
    source: text('source').notNull(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.day, t.source] })],
);

/** A partner's referrals by current status. */
export const partnerStatusCounts = pgTable(
  'partner_status_counts',
  {
    partnerId: integer('partner_id').notNull(),
    status: text('status').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.status] })],
);
