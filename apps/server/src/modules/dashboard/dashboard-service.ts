import { and, eq, gte, lt, sql, type AnyColumn } from 'drizzle-orm';
import { emptyStatusCounts, type DashboardSummary, type DashboardTimeseries, type Period } from '@portal/contract';
import type { DbExecutor } from '../../db';
import { leads, referralVisits } from '../../db/schema';
import { isoDay, periodRange, type PeriodRange } from '../../lib/period-range';

/*
 * Every figure is counted from the partner's own rows through their indexes (decision 012): leads
 * by leads_partner_newest_idx and leads_partner_status_idx, visits by referral_visits' primary key
 * (partner, day). A partner's rows are few (10,000 referrals is a busy partner), so nothing is
 * kept beside them, and the figures are exact at once. Days are whole UTC days (lib/period-range.ts).
 */

const int = (expression: ReturnType<typeof sql>) => expression.mapWith(Number);
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The first day with a referral or a visit, for the "all" period. */
async function firstActivity(db: DbExecutor, partnerId: number): Promise<Date | null> {
  const [row] = await db
    .select({
      lead: sql<string | null>`(select min(${leads.createdAt})::text from ${leads} where ${leads.partnerId} = ${partnerId})`,
      visit: sql<
        string | null
      >`(select min(${referralVisits.day})::text from ${referralVisits} where ${referralVisits.partnerId} = ${partnerId})`,
    })
    .from(sql`(select 1) as one`);
  const days = [row?.lead, row?.visit].filter((d): d is string => !!d).map((d) => new Date(`${d.slice(0, 10)}T00:00:00Z`));
  return days.length ? new Date(Math.min(...days.map((d) => d.getTime()))) : null;
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
  const start = range.previousFrom ?? range.from;
  const startDay = isoDay(start);
  const toDay = isoDay(range.to);
  const inCurrent = (column: AnyColumn) => sql`${column} >= ${at(range.from)} and ${column} < ${at(range.to)}`;
  const inPrevious = (column: AnyColumn) => sql`${column} >= ${at(start)} and ${column} < ${at(range.from)}`;

  const [[referrals], [approved], [visits], statusRows, latest, sourceRows] = await Promise.all([
    db
      .select({
        current: int(sql`count(*) filter (where ${inCurrent(leads.createdAt)})`),
        previous: int(sql`count(*) filter (where ${inPrevious(leads.createdAt)})`),
      })
      .from(leads)
      .where(and(eq(leads.partnerId, partnerId), gte(leads.createdAt, start), lt(leads.createdAt, range.to))),
    db
      .select({
        current: int(sql`count(*) filter (where ${inCurrent(leads.statusChangedAt)})`),
        previous: int(sql`count(*) filter (where ${inPrevious(leads.statusChangedAt)})`),
      })
      .from(leads)
      .where(and(eq(leads.partnerId, partnerId), eq(leads.status, 'approved'))),
    db
      .select({
        current: int(
          sql`count(*) filter (where ${referralVisits.day} >= ${fromDay}::date and ${referralVisits.day} < ${toDay}::date)`,
        ),
        previous: int(
          sql`count(*) filter (where ${referralVisits.day} >= ${startDay}::date and ${referralVisits.day} < ${fromDay}::date)`,
        ),
        ever: int(sql`count(*)`),
      })
      .from(referralVisits)
      .where(eq(referralVisits.partnerId, partnerId)),
    db
      .select({ status: leads.status, count: int(sql`count(*)`) })
      .from(leads)
      .where(eq(leads.partnerId, partnerId))
      .groupBy(leads.status),
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
      .select({ source: referralVisits.source, visits: int(sql`count(*)`) })
      .from(referralVisits)
      .where(and(eq(referralVisits.partnerId, partnerId), gte(referralVisits.day, fromDay), lt(referralVisits.day, toDay)))
      .groupBy(referralVisits.source),
  ]);

  const t = {
    referrals: referrals?.current ?? 0,
    referralsBefore: referrals?.previous ?? 0,
    visits: visits?.current ?? 0,
    visitsBefore: visits?.previous ?? 0,
    approved: approved?.current ?? 0,
    approvedBefore: approved?.previous ?? 0,
    visitsEver: visits?.ever ?? 0,
  };
  const hasPrevious = range.previousFrom !== null;
  const statusCounts = emptyStatusCounts();
  for (const row of statusRows) {
    statusCounts[row.status] = row.count;
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
  const [referrals, visits] = await Promise.all([
    db
      .select({ day: sql<string>`((${leads.createdAt} at time zone 'UTC')::date)::text`, n: int(sql`count(*)`) })
      .from(leads)
      .where(and(eq(leads.partnerId, partnerId), gte(leads.createdAt, range.from), lt(leads.createdAt, range.to)))
      .groupBy(sql`1`),
    db
      .select({ day: sql<string>`${referralVisits.day}::text`, n: int(sql`count(*)`) })
      .from(referralVisits)
      .where(
        and(
          eq(referralVisits.partnerId, partnerId),
          gte(referralVisits.day, isoDay(range.from)),
          lt(referralVisits.day, isoDay(range.to)),
        ),
      )
      .groupBy(referralVisits.day),
  ]);
  const rows = [
    ...referrals.map((r) => ({ day: r.day, referrals: r.n, visits: 0 })),
    ...visits.map((r) => ({ day: r.day, referrals: 0, visits: r.n })),
  ];
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
