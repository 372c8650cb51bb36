import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  max,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { AdminStats, CrmHealth, LeadStatus, Period } from '@portal/contract';
import type { Database } from '../../db';
import {
  auditLog,
  leadDailyApprovals,
  leadDailyCounts,
  leadPartnerCounts,
  leadPartnerDays,
  leads,
  outbox,
  referralVisits,
  users,
} from '../../db/schema';

const DAY = 24 * 60 * 60_000;
const periodDays: Record<Exclude<Period, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90, '12m': 365 };

/** The period's window [from, to) and the one just before it (null for "all"). */
export function periodWindow(period: Period, now: Date): { from: Date | null; to: Date; prevFrom: Date | null } {
  if (period === 'all') return { from: null, to: now, prevFrom: null };
  const span = periodDays[period] * DAY;
  return { from: new Date(now.getTime() - span), to: now, prevFrom: new Date(now.getTime() - 2 * span) };
}

/** Statuses that mean the merchant was reached (the funnel's "contacted" step and beyond). */
const contactedOrLater: LeadStatus[] = ['contacted', 'analysis', 'application', 'approved', 'lost'];

const utcDay = (at: SQL | AnyColumn) => sql`(${at} at time zone 'UTC')::date`;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A window [from, to) cut on UTC midnights: the whole days [fullFrom, fullTo) that the roll-ups
 * answer, and the part-days at either end that only the leads table can (a few hours of leads,
 * read from an index). A window inside one day is all edge.
 */
interface DaySplit {
  fullFrom: number | null;
  fullTo: number;
  edges: [Date | null, Date][];
}
function splitByDay(from: Date | null, to: Date): DaySplit {
  const fullTo = Math.floor(to.getTime() / DAY) * DAY;
  const fullFrom = from ? Math.ceil(from.getTime() / DAY) * DAY : null;
  if (fullFrom !== null && fullFrom >= fullTo) return { fullFrom, fullTo: fullFrom, edges: [[from, to]] };
  const edges: [Date | null, Date][] = [];
  if (from && fullFrom !== null && from.getTime() < fullFrom) edges.push([from, new Date(fullFrom)]);
  if (fullTo < to.getTime()) edges.push([new Date(fullTo), to]);
  return { fullFrom, fullTo, edges };
}

const inRange = (column: AnyColumn, [from, to]: [Date | null, Date]) => and(from ? gte(column, from) : undefined, lt(column, to));
const dayRows = (column: AnyColumn, split: DaySplit) =>
  and(
    split.fullFrom !== null ? sql`${column} >= ${isoDay(split.fullFrom)}::date` : undefined,
    sql`${column} < ${isoDay(split.fullTo)}::date`,
  );

/**
 * Leads created in [from, to), per UTC day and current status: whole days from the lead_daily_counts
 * roll-up, the part-days at the ends counted from the leads index.
 */
async function createdPerDay(
  db: Database,
  from: Date | null,
  to: Date,
): Promise<{ day: string; status: LeadStatus; n: number }[]> {
  const split = splitByDay(from, to);
  const parts = [
    sql`select ${leadDailyCounts.day} as day, ${leadDailyCounts.status} as status, sum(${leadDailyCounts.count})::int as n
      from ${leadDailyCounts} where ${dayRows(leadDailyCounts.day, split)} group by 1, 2`,
    ...split.edges.map(
      (edge) => sql`select ${utcDay(leads.createdAt)}, ${leads.status}, count(*)::int
        from ${leads} where ${inRange(leads.createdAt, edge)} group by 1, 2`,
    ),
  ];
  const { rows } = await db.execute<{ day: string; status: LeadStatus; n: number }>(
    sql`select day::text as day, status, sum(n)::int as n from (${sql.join(parts, sql` union all `)}) as per_day
      group by per_day.day, status having sum(n) <> 0 order by 1, 2`,
  );
  return rows.map((r) => ({ day: r.day, status: r.status, n: Number(r.n) }));
}

/** Leads that became approved merchants in [from, to): the lead_daily_approvals roll-up plus the part-days. */
async function approvedIn(db: Database, from: Date | null, to: Date): Promise<number> {
  const split = splitByDay(from, to);
  const parts = [
    sql`select coalesce(sum(${leadDailyApprovals.count}), 0)::int as n from ${leadDailyApprovals} where ${dayRows(leadDailyApprovals.day, split)}`,
    ...split.edges.map(
      (edge) =>
        sql`select count(*)::int from ${leads} where ${leads.status} = 'approved' and ${inRange(leads.statusChangedAt, edge)}`,
    ),
  ];
  const { rows } = await db.execute<{ n: number }>(
    sql`select sum(n)::int as n from (${sql.join(parts, sql` union all `)}) as approvals`,
  );
  return Number(rows[0]?.n ?? 0);
}

interface Figures {
  visits: number;
  referrals: number;
  createdApproved: number;
  approved: number;
  contacted: number;
  activePartners: number;
  newPartners: number;
}

async function figures(
  db: Database,
  from: Date | null,
  to: Date,
  perDay: Promise<{ status: LeadStatus; n: number }[]>,
): Promise<Figures> {
  const createdIn = (column: AnyColumn): SQL | undefined => and(from ? gte(column, from) : undefined, lt(column, to));
  const dayFrom = from ? from.toISOString().slice(0, 10) : null;
  const [rows, approved, activePartners, [visitRow], [partnerRow]] = await Promise.all([
    perDay,
    approvedIn(db, from, to),
    countActivePartners(db, from, to),
    db
      .select({ n: count() })
      .from(referralVisits)
      .where(
        and(
          dayFrom ? sql`${referralVisits.day} >= ${dayFrom}::date` : undefined,
          sql`${referralVisits.day} <= ${to.toISOString().slice(0, 10)}::date`,
        ),
      ),
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'user'), createdIn(users.createdAt))),
  ]);
  const sum = (keep: (status: LeadStatus) => boolean) => rows.reduce((total, r) => total + (keep(r.status) ? r.n : 0), 0);
  return {
    visits: visitRow?.n ?? 0,
    referrals: sum(() => true),
    createdApproved: sum((s) => s === 'approved'),
    contacted: sum((s) => contactedOrLater.includes(s)),
    activePartners,
    approved,
    newPartners: partnerRow?.n ?? 0,
  };
}

/** Up to this long, a period's leads are few enough to count distinct partners over them. */
const SHORT_WINDOW_MS = 31 * DAY;

/**
 * Partners with at least one lead created in [from, to). Every lead so far: the partners' roll-up.
 * A short period: distinct partners over its leads (an index range). A longer one: the partners
 * whose active days (lead_partner_days, kept with the roll-ups) overlap its whole days, or who
 * have a lead in its part-days at either end (an index range of a few hours): one overlap test per
 * partner (a binary search in the multirange: `&&` with a plain range, not a multirange, which is
 * a linear walk), the same cost for a year as for 90 days. Every partner with a lead has a row
 * there, so the part-days' partners are all among its rows.
 */
async function countActivePartners(db: Database, from: Date | null, to: Date): Promise<number> {
  if (!from) {
    const [row] = await db
      .select({ n: count() })
      .from(leadPartnerCounts)
      .where(sql`${leadPartnerCounts.referrals} > 0`);
    return row?.n ?? 0;
  }
  if (to.getTime() - from.getTime() <= SHORT_WINDOW_MS) {
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${leads.partnerId})::int`.mapWith(Number) })
      .from(leads)
      .where(and(gte(leads.createdAt, from), lt(leads.createdAt, to)));
    return row?.n ?? 0;
  }
  const split = splitByDay(from, to);
  const wholeDays =
    split.fullFrom !== null && split.fullFrom < split.fullTo
      ? sql`${leadPartnerDays.activeDays} && daterange(${isoDay(split.fullFrom)}::date, ${isoDay(split.fullTo)}::date)`
      : undefined;
  const partDays = split.edges.length
    ? sql`${leadPartnerDays.partnerId} in (select ${leads.partnerId} from ${leads}
        where ${leads.partnerId} is not null and (${sql.join(
          split.edges.map((edge) => sql`(${inRange(leads.createdAt, edge)})`),
          sql` or `,
        )}))`
    : undefined;
  const [row] = await db.select({ n: count() }).from(leadPartnerDays).where(or(wholeDays, partDays));
  return row?.n ?? 0;
}

interface TopPartner {
  id: number;
  full_name: string;
  email: string;
  referrals: number;
  approved: number;
}

/**
 * The top 10 partners of the period by approved merchants, then referrals. Approved leads are few
 * (a partial index holds them), so partners are ranked by approvals first, and referrals are
 * counted only for those tied with or above the tenth (one index range each). With fewer than ten
 * partners holding an approval in the period, every partner's referrals decide the rest: counted
 * per partner over the period. The "all" period reads the partners' roll-up.
 */
async function topPartners(db: Database, from: Date | null, to: Date): Promise<TopPartner[]> {
  const window = (alias: string) =>
    sql.join(
      [
        from ? sql`${sql.raw(alias)}.created_at >= ${from.toISOString()}::timestamptz` : null,
        sql`${sql.raw(alias)}.created_at < ${to.toISOString()}::timestamptz`,
      ].filter((c) => c !== null),
      sql` and `,
    );
  if (!from) {
    // Every lead so far: the partners' roll-up, ten rows of ten thousand.
    return db
      .select({
        id: users.id,
        full_name: users.fullName,
        email: users.email,
        referrals: leadPartnerCounts.referrals,
        approved: leadPartnerCounts.approved,
      })
      .from(leadPartnerCounts)
      .innerJoin(users, eq(users.id, leadPartnerCounts.partnerId))
      .where(sql`${leadPartnerCounts.referrals} > 0`)
      .orderBy(desc(leadPartnerCounts.approved), desc(leadPartnerCounts.referrals), leadPartnerCounts.partnerId)
      .limit(10);
  }
  const { rows: ranked } = await db.execute<{ id: number; approved: number; referrals: number }>(sql`
    with approved as (
      select l.partner_id, count(*)::int as approved from ${leads} l
      where l.status = 'approved' and l.partner_id is not null and ${window('l')} group by 1
    ), tenth as (select approved from approved order by approved desc limit 1 offset 9)
    select a.partner_id as id, a.approved,
      (select count(*)::int from ${leads} r where r.partner_id = a.partner_id and ${window('r')}) as referrals
    from approved a where a.approved >= (select approved from tenth)`);
  const top =
    ranked.length >= 10
      ? ranked
          .map((r) => ({ id: Number(r.id), approved: Number(r.approved), referrals: Number(r.referrals) }))
          .sort((a, b) => b.approved - a.approved || b.referrals - a.referrals || a.id - b.id)
          .slice(0, 10)
      : await db
          .select({
            id: sql<number>`${leads.partnerId}`.mapWith(Number),
            referrals: sql<number>`count(*)::int`.mapWith(Number),
            approved: sql<number>`(count(*) filter (where ${leads.status} = 'approved'))::int`.mapWith(Number),
          })
          .from(leads)
          .where(and(from ? gte(leads.createdAt, from) : undefined, lt(leads.createdAt, to), isNotNull(leads.partnerId)))
          .groupBy(leads.partnerId)
          .orderBy(sql`3 desc`, sql`2 desc`, leads.partnerId)
          .limit(10);
  if (!top.length) return [];
  const accounts = await db
    .select({ id: users.id, full_name: users.fullName, email: users.email })
    .from(users)
    .where(
      inArray(
        users.id,
        top.map((t) => t.id),
      ),
    );
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return top.flatMap((t) => {
    const account = byId.get(t.id);
    return account ? [{ ...account, referrals: t.referrals, approved: t.approved }] : [];
  });
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);

/**
 * Every figure of the admin home for a period, computed by the database. Referrals, conversion and
 * active partners count referrals created in the period; approved merchants count referrals that
 * became approved in it; conversion is the share of the period's referrals that are approved now.
 * Counts by day and status come from the roll-ups (lead-rollups.ts) plus the period's part-days.
 */
export async function getAdminStats(db: Database, period: Period, now = new Date()): Promise<AdminStats> {
  const { from, to, prevFrom } = periodWindow(period, now);
  const perDay = createdPerDay(db, from, to);
  const [current, previous, perDayRows, top, [applications], [failed], [unattributed], recent] = await Promise.all([
    figures(db, from, to, perDay),
    prevFrom && from ? figures(db, prevFrom, from, createdPerDay(db, prevFrom, from)) : Promise.resolve(null),
    perDay,
    topPartners(db, from, to),
    db.select({ n: count() }).from(users).where(eq(users.status, 'pending_approval')),
    db
      .select({ n: count() })
      .from(outbox)
      .where(and(eq(outbox.status, 'failed'), like(outbox.action, 'crm.%'))),
    db.select({ n: count() }).from(leads).where(isNull(leads.partnerId)),
    db
      .select({ entry: auditLog, actorName: users.fullName, actorEmail: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(10),
  ]);

  const days = new Map<string, Record<string, number>>();
  for (const row of perDayRows) {
    const counts = days.get(row.day) ?? {};
    counts[row.status] = row.n;
    days.set(row.day, counts);
  }
  const card = (value: number, prev: number | null) => ({ value, previous: prev });
  return {
    period,
    from: from?.toISOString() ?? null,
    to: to.toISOString(),
    cards: {
      visits: card(current.visits, previous?.visits ?? null),
      referrals: card(current.referrals, previous?.referrals ?? null),
      conversion: card(
        ratio(current.createdApproved, current.referrals),
        previous ? ratio(previous.createdApproved, previous.referrals) : null,
      ),
      approved: card(current.approved, previous?.approved ?? null),
      active_partners: card(current.activePartners, previous?.activePartners ?? null),
      new_partners: card(current.newPartners, previous?.newPartners ?? null),
    },
    per_day: [...days].map(([day, counts]) => ({ day, counts })),
    funnel: {
      visits: current.visits,
      referrals: current.referrals,
      contacted: current.contacted,
      approved: current.createdApproved,
    },
    top_partners: top,
    todo: { applications: applications?.n ?? 0, failed_syncs: failed?.n ?? 0, unattributed_leads: unattributed?.n ?? 0 },
    recent_activity: recent.map(({ entry, actorName, actorEmail }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      actor: entry.actorId != null && actorName != null ? { id: entry.actorId, name: actorName, email: actorEmail ?? '' } : null,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
    })),
  };
}

/** Anything pending longer than this turns the light amber. */
export const CRM_LATE_MS = 15 * 60_000;

/** A short code for an error text: an upper-case code it names (DUPLICATE_DATA, INVALID_TOKEN), else its HTTP status, else "ERROR". */
export function errorCode(text: string): string {
  return text.match(/\b([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b/)?.[1] ?? text.match(/\b(?:HTTP|status)\s*(\d{3})\b/i)?.[1] ?? 'ERROR';
}

/** The CRM side of the outbox: queue sizes, age, last success and recent errors grouped by code. */
export async function getCrmHealth(db: Database, connector: string, now = new Date()): Promise<CrmHealth> {
  const crm = like(outbox.action, 'crm.%');
  const [[queue], [done], errors] = await Promise.all([
    db
      .select({
        pending: sql<number>`(count(*) filter (where ${outbox.status} in ('pending', 'processing')))::int`.mapWith(Number),
        failed: sql<number>`(count(*) filter (where ${outbox.status} = 'failed'))::int`.mapWith(Number),
        oldestPending:
          sql<Date | null>`min(${outbox.createdAt}) filter (where ${outbox.status} in ('pending', 'processing'))`.mapWith(
            (v: unknown) => (v == null ? null : new Date(v as string)),
          ),
      })
      .from(outbox)
      .where(crm),
    db
      .select({ at: max(outbox.updatedAt) })
      .from(outbox)
      .where(and(crm, eq(outbox.status, 'done'))),
    db
      .select({ lastError: outbox.lastError, at: outbox.updatedAt })
      .from(outbox)
      .where(and(crm, inArray(outbox.status, ['failed', 'pending', 'processing']), sql`${outbox.lastError} is not null`))
      .orderBy(desc(outbox.updatedAt))
      .limit(500),
  ]);
  const groups = new Map<string, { code: string; count: number; last_at: string; example: string }>();
  for (const row of errors) {
    const code = errorCode(row.lastError ?? '');
    const group = groups.get(code);
    if (group) group.count += 1;
    else groups.set(code, { code, count: 1, last_at: row.at.toISOString(), example: (row.lastError ?? '').slice(0, 200) });
  }
  const pending = queue?.pending ?? 0;
  const failed = queue?.failed ?? 0;
  const oldest = queue?.oldestPending ?? null;
  const isLate = oldest !== null && now.getTime() - oldest.getTime() > CRM_LATE_MS;
  return {
    connector,
    pending,
    failed,
    oldest_pending_at: oldest?.toISOString() ?? null,
    last_success_at: done?.at?.toISOString() ?? null,
    errors: [...groups.values()].sort((a, b) => b.count - a.count),
    light: failed > 0 ? 'red' : isLate ? 'amber' : 'green',
  };
}
