import { and, count, desc, eq, gte, inArray, isNotNull, isNull, like, lt, max, sql, type AnyColumn } from 'drizzle-orm';
import type { AdminStats, CrmHealth, LeadStatus, Period } from '@portal/contract';
import type { Database } from '../../db';
import { auditLog, leadDailyCounts, leads, outbox, referralVisits, users } from '../../db/schema';
import { periodRange } from '../../lib/period-range';
import { toAuditEntry } from '../../lib/audit';

/** Statuses that mean the merchant was reached (the funnel's "contacted" step and beyond). */
const contactedOrLater: LeadStatus[] = ['contacted', 'analysis', 'application', 'approved', 'lost'];

/** A period's whole UTC days [from, to); from is null for "all". */
interface Days {
  from: Date | null;
  to: Date;
}

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** Leads created on the period's days, per day and current status: lead_daily_counts. */
async function createdPerDay(db: Database, { from, to }: Days): Promise<{ day: string; status: LeadStatus; n: number }[]> {
  const rows = await db
    .select({
      day: sql<string>`${leadDailyCounts.day}::text`,
      status: leadDailyCounts.status,
      n: leadDailyCounts.count,
    })
    .from(leadDailyCounts)
    .where(
      and(
        from ? gte(leadDailyCounts.day, isoDay(from)) : undefined,
        lt(leadDailyCounts.day, isoDay(to)),
        sql`${leadDailyCounts.count} <> 0`,
      ),
    )
    .orderBy(leadDailyCounts.day, leadDailyCounts.status);
  return rows.map((r) => ({ day: r.day, status: r.status, n: Number(r.n) }));
}

const inDays = (column: AnyColumn, { from, to }: Days) => and(from ? gte(column, from) : undefined, lt(column, to));

/**
 * Leads that became approved merchants on the period's days (and still are): an index range of
 * leads_status_changed_idx. For "all" that is every approved lead: the daily counts' approved rows.
 */
async function approvedIn(db: Database, days: Days, perDay: { status: LeadStatus; n: number }[]): Promise<number> {
  if (!days.from) return perDay.reduce((total, r) => total + (r.status === 'approved' ? r.n : 0), 0);
  const [row] = await db
    .select({ n: count() })
    .from(leads)
    .where(and(eq(leads.status, 'approved'), inDays(leads.statusChangedAt, days)));
  return row?.n ?? 0;
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

async function figures(db: Database, days: Days, perDay: Promise<{ status: LeadStatus; n: number }[]>): Promise<Figures> {
  const [rows, activePartners, [visitRow], [partnerRow]] = await Promise.all([
    perDay,
    countActivePartners(db, days),
    db
      .select({ n: count() })
      .from(referralVisits)
      .where(and(days.from ? gte(referralVisits.day, isoDay(days.from)) : undefined, lt(referralVisits.day, isoDay(days.to)))),
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'user'), inDays(users.createdAt, days))),
  ]);
  const sum = (keep: (status: LeadStatus) => boolean) => rows.reduce((total, r) => total + (keep(r.status) ? r.n : 0), 0);
  return {
    visits: visitRow?.n ?? 0,
    referrals: sum(() => true),
    createdApproved: sum((s) => s === 'approved'),
    contacted: sum((s) => contactedOrLater.includes(s)),
    activePartners,
    approved: await approvedIn(db, days, rows),
    newPartners: partnerRow?.n ?? 0,
  };
}

/** Up to this many days, a period's leads are few enough to count distinct partners over them. */
const SHORT_PERIOD_DAYS = 31;

/**
 * Partners with at least one lead created on the period's days. A short period: distinct partners
 * over its leads (an index range). A longer one, or every lead so far: one index probe per partner
 * account (leads_partner_newest_idx), the same cost for a year as for 90 days.
 */
async function countActivePartners(db: Database, days: Days): Promise<number> {
  const { from, to } = days;
  if (from && to.getTime() - from.getTime() <= SHORT_PERIOD_DAYS * 86_400_000) {
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${leads.partnerId})::int`.mapWith(Number) })
      .from(leads)
      .where(inDays(leads.createdAt, days));
    return row?.n ?? 0;
  }
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.role, 'user'),
        sql`exists (select 1 from ${leads} where ${leads.partnerId} = ${users.id}${
          from ? sql` and ${leads.createdAt} >= ${from.toISOString()}::timestamptz` : sql``
        } and ${leads.createdAt} < ${to.toISOString()}::timestamptz)`,
      ),
    );
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
 * The top 10 partners of the period by approved merchants, then referrals, both among the leads
 * created on its days. Approved leads are few (a partial index holds them), so partners are ranked
 * by approvals first, and referrals are counted only for those tied with or above the tenth (one
 * index range each). With fewer than ten partners holding an approval in the period, every
 * partner's referrals decide the rest: counted per partner over the period.
 */
async function topPartners(db: Database, { from, to }: Days): Promise<TopPartner[]> {
  const window = (alias: string) =>
    sql.join(
      [
        from ? sql`${sql.raw(alias)}.created_at >= ${from.toISOString()}::timestamptz` : null,
        sql`${sql.raw(alias)}.created_at < ${to.toISOString()}::timestamptz`,
      ].filter((c) => c !== null),
      sql` and `,
    );
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
 * Every figure of the admin home for a period of whole UTC days (lib/period-range.ts, as on the
 * partner dashboard). Referrals, conversion and active partners count referrals created on its
 * days; approved merchants count referrals that became approved on them; conversion is the share
 * of the period's referrals that are approved now. Counts by day and status come from
 * lead_daily_counts (kept by the outbox worker: they lag a change by about a second); the rest is
 * counted from the leads through their indexes.
 */
export async function getAdminStats(db: Database, period: Period, now = new Date()): Promise<AdminStats> {
  const range = periodRange(period, now);
  const current: Days = { from: period === 'all' ? null : range.from, to: range.to };
  const before: Days | null = period === 'all' || !range.previousFrom ? null : { from: range.previousFrom, to: range.from };
  const perDay = createdPerDay(db, current);
  const [figuresNow, previous, perDayRows, top, [applications], [failed], [unattributed], recent] = await Promise.all([
    figures(db, current, perDay),
    before ? figures(db, before, createdPerDay(db, before)) : Promise.resolve(null),
    perDay,
    topPartners(db, current),
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
  const from = current.from;
  const to = now;
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
      visits: card(figuresNow.visits, previous?.visits ?? null),
      referrals: card(figuresNow.referrals, previous?.referrals ?? null),
      conversion: card(
        ratio(figuresNow.createdApproved, figuresNow.referrals),
        previous ? ratio(previous.createdApproved, previous.referrals) : null,
      ),
      approved: card(figuresNow.approved, previous?.approved ?? null),
      active_partners: card(figuresNow.activePartners, previous?.activePartners ?? null),
      new_partners: card(figuresNow.newPartners, previous?.newPartners ?? null),
    },
    per_day: [...days].map(([day, counts]) => ({ day, counts })),
    funnel: {
      visits: figuresNow.visits,
      referrals: figuresNow.referrals,
      contacted: figuresNow.contacted,
      approved: figuresNow.createdApproved,
    },
    top_partners: top,
    todo: { applications: applications?.n ?? 0, failed_syncs: failed?.n ?? 0, unattributed_leads: unattributed?.n ?? 0 },
    recent_activity: recent.map(toAuditEntry),
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
