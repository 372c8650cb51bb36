import { and, eq, gte, lt, sql } from 'drizzle-orm';
import {
  emptyStatusCounts,
  leadStatuses,
  type DashboardSummary,
  type DashboardTimeseries,
  type LeadStatus,
  type Period,
} from '@portal/contract';
import type { DbExecutor } from '../../db';
import { leads, partnerDailyStats, partnerDailyVisitSources, partnerStatusCounts } from '../../db/schema';
import { isoDay, periodRange, type PeriodRange } from './period-range';

/*
 * Figures come from the per-day roll-ups the database keeps with triggers (schema/dashboard.ts):
 * a year is at most 366 rows per partner, so every call is a few index range reads however many
 * referrals and visits the partner has. Days are UTC days.
 */

const int = (expression: ReturnType<typeof sql>) => expression.mapWith(Number);
const stats = partnerDailyStats;

/** The first day with a referral or a visit, for the "all" period. */
async function firstActivity(db: DbExecutor, partnerId: number): Promise<Date | null> {
  const [row] = await db
    .select({ day: stats.day })
    .from(stats)
    .where(and(eq(stats.partnerId, partnerId), sql`(${stats.referrals} > 0 or ${stats.visits} > 0)`))
    .orderBy(stats.day)
    .limit(1);
  return row ? new Date(`${row.day}T00:00:00Z`) : null;
}

async function rangeFor(db: DbExecutor, partnerId: number, period: Period, now: Date): Promise<PeriodRange> {
  return periodRange(period, now, period === 'all' ? await firstActivity(db, partnerId) : null);
}

const ratio = (numerator: number, denominator: number | null) =>
  denominator ? Math.round((numerator / denominator) * 10_000) / 10_000 : null;

/** The cards, status strip, latest referrals and visit sources of a partner's dashboard. */
export async function getDashboardSummary(
  db: DbExecutor,
  partnerId: number,
  period: Period,
  now = new Date(),
): Promise<DashboardSummary> {
  const range = await rangeFor(db, partnerId, period, now);
  const fromDay = isoDay(range.from);
  const startDay = isoDay(range.previousFrom ?? range.from);
  const toDay = isoDay(range.to);
  const current = (column: typeof stats.referrals | typeof stats.visits | typeof stats.approved) =>
    int(sql`coalesce(sum(${column}) filter (where ${stats.day} >= ${fromDay} and ${stats.day} < ${toDay}), 0)`);
  const previous = (column: typeof stats.referrals | typeof stats.visits | typeof stats.approved) =>
    int(sql`coalesce(sum(${column}) filter (where ${stats.day} >= ${startDay} and ${stats.day} < ${fromDay}), 0)`);

  const [totalsRows, statusRows, latest, sourceRows] = await Promise.all([
    db
      .select({
        referrals: current(stats.referrals),
        referralsBefore: previous(stats.referrals),
        visits: current(stats.visits),
        visitsBefore: previous(stats.visits),
        approved: current(stats.approved),
        approvedBefore: previous(stats.approved),
        visitsEver: int(sql`coalesce(sum(${stats.visits}), 0)`),
      })
      .from(stats)
      .where(eq(stats.partnerId, partnerId)),
    db
      .select({ status: partnerStatusCounts.status, count: partnerStatusCounts.count })
      .from(partnerStatusCounts)
      .where(eq(partnerStatusCounts.partnerId, partnerId)),
    db
      .select({
        id: leads.publicId,
        business: leads.company,
        firstName: leads.firstName,
        lastName: leads.lastName,
        status: leads.status,
        createdAt: leads.createdAt,
      })
      .from(leads)
      .where(eq(leads.partnerId, partnerId))
      // Exactly the order of leads_partner_newest_idx (DESC NULLS LAST), so the index serves it.
      .orderBy(sql`${leads.createdAt} desc nulls last`, sql`${leads.id} desc nulls last`)
      .limit(5),
    db
      .select({ source: partnerDailyVisitSources.source, visits: int(sql`sum(${partnerDailyVisitSources.visits})`) })
      .from(partnerDailyVisitSources)
      .where(
        and(
          eq(partnerDailyVisitSources.partnerId, partnerId),
          gte(partnerDailyVisitSources.day, fromDay),
          lt(partnerDailyVisitSources.day, toDay),
        ),
      )
      .groupBy(partnerDailyVisitSources.source),
  ]);

  const hasPrevious = range.previousFrom !== null;
  const t = totalsRows[0] ?? {
    referrals: 0,
    referralsBefore: 0,
    visits: 0,
    visitsBefore: 0,
    approved: 0,
    approvedBefore: 0,
    visitsEver: 0,
  };
  const statusCounts = emptyStatusCounts();
  for (const row of statusRows) {
    if (leadStatuses.includes(row.status as LeadStatus)) statusCounts[row.status as LeadStatus] = row.count;
  }

  return {
    period,
    from: fromDay,
    to: toDay,
    cards: {
      visits: { value: t.visits, previous: hasPrevious ? t.visitsBefore : null },
      referrals: { value: t.referrals, previous: hasPrevious ? t.referralsBefore : null },
      conversion: {
        value: ratio(t.referrals, t.visits),
        previous: hasPrevious ? ratio(t.referralsBefore, t.visitsBefore) : null,
      },
      approved: { value: t.approved, previous: hasPrevious ? t.approvedBefore : null },
    },
    status_counts: statusCounts,
    total_referrals: Object.values(statusCounts).reduce((sum, n) => sum + n, 0),
    latest: latest.map((row) => ({
      id: row.id,
      business: row.business,
      contact: `${row.firstName} ${row.lastName}`.trim(),
      status: row.status,
      submitted_at: row.createdAt.toISOString(),
    })),
    visits_by_source: sourceRows
      .filter((row) => row.visits > 0)
      .sort((a, b) => b.visits - a.visits || a.source.localeCompare(b.source))
      .map((row) => ({ source: row.source, visits: row.visits })),
    total_visits: t.visitsEver,
  };
}

/** Referrals and visits per day (per month for 12m and all), every bucket present. */
export async function getDashboardTimeseries(
  db: DbExecutor,
  partnerId: number,
  period: Period,
  now = new Date(),
): Promise<DashboardTimeseries> {
  const range = await rangeFor(db, partnerId, period, now);
  const rows = await db
    .select({ day: stats.day, referrals: stats.referrals, visits: stats.visits })
    .from(stats)
    .where(and(eq(stats.partnerId, partnerId), gte(stats.day, isoDay(range.from)), lt(stats.day, isoDay(range.to))));
  const buckets = new Map(range.buckets.map((date) => [date, { date, referrals: 0, visits: 0 }]));
  for (const row of rows) {
    const key = range.granularity === 'day' ? row.day : `${row.day.slice(0, 7)}-01`;
    const bucket = buckets.get(key);
    if (bucket) {
      bucket.referrals += row.referrals;
      bucket.visits += row.visits;
    }
  }
  return { period, granularity: range.granularity, points: [...buckets.values()] };
}
