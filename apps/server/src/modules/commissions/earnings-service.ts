import { and, asc, eq, sql } from 'drizzle-orm';
import { addMonths, monthOf, type EarningsTotals, type NextStatement, type ReferralEarnings } from '@portal/contract';
import type { DbExecutor } from '../../db';
import {
  commissionLines,
  leads,
  merchantAccounts,
  merchantSplitLevels,
  merchantSplitVersions,
  statements,
} from '../../db/schema';
import { effectivePlan, getCurrency } from './plan-service';

const cents = (expression: ReturnType<typeof sql>) => sql<number>`coalesce(${expression}, 0)`.mapWith(Number);

/**
 * The one query behind every "what was earned, owed and paid" figure: the partner dashboard, My
 * Commissions and the admin home (without `partnerId`: every partner). Sums of stored line amounts,
 * never a second copy of them. Months and years are UTC, like the report months lines carry.
 */
export async function earningsTotals(db: DbExecutor, scope: { partnerId?: number }, now = new Date()): Promise<EarningsTotals> {
  const month = monthOf(now);
  const year = now.getUTCFullYear();
  const monthStart = `${month}-01`;
  const nextMonthStart = `${addMonths(month, 1)}-01`;
  const amount = commissionLines.amountCents;
  const paidIn = (from: string, to: string) =>
    sql`${commissionLines.status} = 'paid' and ${statements.paidOn} >= ${from}::date and ${statements.paidOn} < ${to}::date`;
  const [row] = await db
    .select({
      thisMonth: cents(
        sql`sum(${amount}) filter (where ${commissionLines.month} = ${month} and ${commissionLines.status} in ('approved', 'paid'))`,
      ),
      pendingBonus: cents(
        sql`sum(${amount}) filter (where ${commissionLines.kind} = 'bonus' and ${commissionLines.status} = 'pending')`,
      ),
      pendingBonusCount: cents(
        sql`count(*) filter (where ${commissionLines.kind} = 'bonus' and ${commissionLines.status} = 'pending')`,
      ),
      approved: cents(sql`sum(${amount}) filter (where ${commissionLines.status} = 'approved')`),
      published: cents(
        sql`sum(${amount}) filter (where ${commissionLines.status} = 'approved' and ${statements.status} = 'published')`,
      ),
      paidMonth: cents(sql`sum(${amount}) filter (where ${paidIn(monthStart, nextMonthStart)})`),
      paidYear: cents(sql`sum(${amount}) filter (where ${paidIn(`${year}-01-01`, `${year + 1}-01-01`)})`),
    })
    .from(commissionLines)
    .leftJoin(statements, eq(statements.id, commissionLines.statementId))
    .where(
      and(
        scope.partnerId === undefined ? undefined : eq(commissionLines.partnerId, scope.partnerId),
        // Lines paid in an earlier year count for none of the figures: leave them out of the sums.
        sql`(${commissionLines.status} in ('pending', 'approved') or (${commissionLines.status} = 'paid' and ${statements.paidOn} >= ${`${year}-01-01`}::date) or ${commissionLines.month} = ${month})`,
      ),
    );
  return {
    currency: await getCurrency(db),
    month,
    year,
    this_month_cents: row?.thisMonth ?? 0,
    pending_bonus_cents: row?.pendingBonus ?? 0,
    pending_bonus_count: row?.pendingBonusCount ?? 0,
    approved_unpaid_cents: row?.approved ?? 0,
    published_unpaid_cents: row?.published ?? 0,
    paid_this_month_cents: row?.paidMonth ?? 0,
    paid_this_year_cents: row?.paidYear ?? 0,
  };
}

/** The current month's statement, published the month after (residuals are reported a month late). */
export function nextStatement(now = new Date()): NextStatement {
  const month = monthOf(now);
  return { month, published_in: addMonths(month, 1) };
}

/**
 * The share frozen with a merchant's chain (level 0 of the version in force in `month`: the latest
 * from it or before, else the first), or null for an account without one. As `versionFor` in
 * split-service.ts (not imported from there: it imports the statements, which import this file).
 */
async function frozenShareBps(db: DbExecutor, merchantId: string, month: string): Promise<number | null> {
  const versions = await db
    .select({ fromMonth: merchantSplitVersions.fromMonth, rateBps: merchantSplitLevels.rateBps })
    .from(merchantSplitVersions)
    .leftJoin(
      merchantSplitLevels,
      and(
        eq(merchantSplitLevels.merchantAccountId, merchantSplitVersions.merchantAccountId),
        eq(merchantSplitLevels.fromMonth, merchantSplitVersions.fromMonth),
        eq(merchantSplitLevels.level, 0),
      ),
    )
    .where(eq(merchantSplitVersions.merchantAccountId, merchantId))
    .orderBy(asc(merchantSplitVersions.fromMonth));
  let found = versions[0];
  for (const v of versions) if (v.fromMonth <= month) found = v;
  return found?.rateBps ?? null;
}

/**
 * What one of the partner's referrals earned or will earn: its merchant account's bonus, residuals
 * and volume. Null when the referral is not the partner's (the route answers 404); `merchant: null`
 * before the referral is an approved merchant.
 */
export async function referralEarnings(db: DbExecutor, partnerId: number, publicId: string): Promise<ReferralEarnings | null> {
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.publicId, publicId), eq(leads.partnerId, partnerId)));
  if (!lead) return null;
  const currency = await getCurrency(db);
  const [account] = await db
    .select()
    .from(merchantAccounts)
    .where(and(eq(merchantAccounts.leadId, lead.id), eq(merchantAccounts.partnerId, partnerId)));
  if (!account) return { currency, merchant: null };
  const lines = await db
    .select({
      kind: commissionLines.kind,
      status: commissionLines.status,
      amount: commissionLines.amountCents,
      volume: commissionLines.volumeCents,
      month: commissionLines.month,
      createdBy: commissionLines.createdBy,
    })
    .from(commissionLines)
    .where(and(eq(commissionLines.merchantAccountId, account.id), eq(commissionLines.partnerId, partnerId)));
  const plan = await effectivePlan(db, partnerId);
  const live = lines.filter((l) => l.status !== 'void');
  const residuals = live.filter((l) => l.kind === 'residual');
  const bonus = lines.find((l) => l.kind === 'bonus' && l.createdBy === null) ?? null;
  const earned = live.filter((l) => l.status === 'approved' || l.status === 'paid');
  return {
    currency,
    merchant: {
      approved_on: account.approvedOn,
      status: account.status,
      volume_cents: residuals.reduce((total, l) => total + (l.volume ?? 0), 0),
      bonus_min_volume_cents: plan.bonus_min_volume_cents,
      bonus: bonus ? { amount_cents: bonus.amount, status: bonus.status } : null,
      residual_cents: residuals.reduce((total, l) => total + l.amount, 0),
      residual_months: new Set(residuals.map((l) => l.month)).size,
      // The share frozen with this merchant's chain (a later plan change does not reach it).
      residual_share_bps: (await frozenShareBps(db, account.id, monthOf(new Date()))) ?? plan.residual_share_bps,
      earned_cents: earned.reduce((total, l) => total + l.amount, 0),
      paid_cents: live.filter((l) => l.status === 'paid').reduce((total, l) => total + l.amount, 0),
    },
  };
}

/**
 * For the partner's approval mail: the bonus the approved referral's merchant account carries, and
 * the plan terms that earn it. Null when the move made no merchant account (no MID, no partner).
 */
export async function approvalEarnings(
  db: DbExecutor,
  leadId: number,
): Promise<{
  currency: string;
  bonus: { amountCents: number; status: string } | null;
  minVolumeCents: number;
  shareBps: number;
} | null> {
  const [account] = await db.select().from(merchantAccounts).where(eq(merchantAccounts.leadId, leadId));
  if (!account) return null;
  const [bonus] = await db
    .select({ amountCents: commissionLines.amountCents, status: commissionLines.status })
    .from(commissionLines)
    .where(
      and(
        eq(commissionLines.merchantAccountId, account.id),
        eq(commissionLines.kind, 'bonus'),
        sql`${commissionLines.createdBy} is null`,
      ),
    );
  const plan = await effectivePlan(db, account.partnerId);
  return {
    currency: await getCurrency(db),
    bonus: bonus ?? null,
    minVolumeCents: plan.bonus_min_volume_cents,
    shareBps: plan.residual_share_bps,
  };
}
