import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  addMonths,
  commissionMessages as m,
  midLast4,
  monthOf,
  payoutHoldOf,
  payoutMessages,
  type AdminStatements,
  type CommissionSummary,
  type MarkPaidRequest,
  type MonthlyTotal,
  type StatementDetail,
  type StatementSummary,
  type StatementTotals,
} from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { withoutNestedLoops } from '../../db/planner';
import { commissionLines, merchantAccounts, payoutProfiles, statements, users } from '../../db/schema';
import { publishIntegrationEvent } from '../../lib/integration-events';
import { recordAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { enqueue } from '../../lib/outbox';
import { earningsTotals, nextStatement } from './earnings-service';
import { effectivePlan, effectivePlans, getCurrency } from './plan-service';
import { overrideMembers, toStatementOverride } from './statement-overrides';

export const statementMailAction = 'mail.statement_ready';

type StatementRow = typeof statements.$inferSelect;

const statementColumns = {
  statement: statements,
  partnerName: users.fullName,
  partnerEmail: users.email,
};

function toSummary(row: { statement: StatementRow; partnerName: string; partnerEmail: string }): StatementSummary {
  const s = row.statement;
  return {
    id: s.id,
    partner_id: s.partnerId,
    partner_name: row.partnerName,
    partner_email: row.partnerEmail,
    month: s.month,
    status: s.status,
    merchants: s.merchants,
    volume_cents: s.volumeCents,
    residual_cents: s.residualCents,
    bonus_cents: s.bonusCents,
    adjustment_cents: s.adjustmentCents,
    override_cents: s.overrideCents,
    total_cents: s.totalCents,
    currency: s.currency,
    published_at: s.publishedAt?.toISOString() ?? null,
    paid_on: s.paidOn,
    paid_method: s.paidMethod,
    paid_reference: s.paidReference,
    held: null,
  };
}

const holdReasons = { not_ready: payoutMessages.heldNotReady, payout_hold: payoutMessages.heldPayoutHold } as const;

/**
 * Issue 22: marks the published statements whose partner is not Ready (or on a payout hold) as held,
 * with the reason (the same words for both sides, so their copies of a statement stay the same bytes);
 * they roll forward into the next payout batch once the hold ends.
 */
async function markHolds(db: DbExecutor, items: StatementSummary[], now = new Date()) {
  const partnerIds = [...new Set(items.filter((s) => s.status === 'published').map((s) => s.partner_id))];
  if (!partnerIds.length) return items;
  const profiles = new Map<number, typeof payoutProfiles.$inferSelect>();
  for (let i = 0; i < partnerIds.length; i += 5_000) {
    const chunk = partnerIds.slice(i, i + 5_000);
    for (const p of await db.select().from(payoutProfiles).where(inArray(payoutProfiles.partnerId, chunk))) {
      profiles.set(p.partnerId, p);
    }
  }
  const today = now.toISOString().slice(0, 10);
  for (const s of items) {
    if (s.status !== 'published') continue;
    const p = profiles.get(s.partner_id);
    const kind = payoutHoldOf(p && { ...p, taxExpiresOn: p.taxForm?.expires_on }, today);
    s.held = kind ? holdReasons[kind] : null;
  }
  return items;
}

/** Sums of a set of lines, by section; every total is a sum of stored line amounts. */
const lineSums = {
  total: sql<number>`coalesce(sum(${commissionLines.amountCents}), 0)`.mapWith(Number),
  merchants:
    sql<number>`count(distinct ${commissionLines.merchantAccountId}) filter (where ${commissionLines.kind} = 'residual')`.mapWith(
      Number,
    ),
  volume:
    sql<number>`coalesce(sum(${commissionLines.volumeCents}) filter (where ${commissionLines.kind} = 'residual'), 0)`.mapWith(
      Number,
    ),
  residual:
    sql<number>`coalesce(sum(${commissionLines.amountCents}) filter (where ${commissionLines.kind} = 'residual'), 0)`.mapWith(
      Number,
    ),
  bonus:
    sql<number>`coalesce(sum(${commissionLines.amountCents}) filter (where ${commissionLines.kind} in ('bonus', 'clawback')), 0)`.mapWith(
      Number,
    ),
  adjustment:
    sql<number>`coalesce(sum(${commissionLines.amountCents}) filter (where ${commissionLines.kind} = 'adjustment'), 0)`.mapWith(
      Number,
    ),
  override:
    sql<number>`coalesce(sum(${commissionLines.amountCents}) filter (where ${commissionLines.kind} = 'override'), 0)`.mapWith(
      Number,
    ),
};

/** Lines that may go on the month's statement: approved, on no statement, from that month or before. */
const draftable = (month: string) =>
  and(
    eq(commissionLines.status, 'approved'),
    sql`${commissionLines.statementId} is null`,
    sql`${commissionLines.riskHold} is null`,
    lte(commissionLines.month, month),
  );

/**
 * Redraws the month's draft statements from the lines: one per partner whose approved lines up to
 * the month (those on no statement, and those already on the month's draft) reach their minimum
 * payout; smaller totals stay on no statement and roll into a later month. Partners whose statement
 * for the month is already published are left alone.
 *
 * Set-based, and a draft is updated in place: lines already on the right draft are not rewritten
 * (a 20,000-line import attaches its lines as it inserts them; see `ensureDrafts`), only lines on
 * no statement are attached, and only drafts that fall under the minimum are deleted (which
 * detaches their lines: ON DELETE SET NULL).
 */
export async function refreshDrafts(
  tx: DbExecutor,
  month: string,
  { afterBulkWrite = false }: { afterBulkWrite?: boolean } = {},
): Promise<void> {
  // After a bulk write (an import's 150,000 lines) the planner takes the new lines and drafts for a
  // row or two and probes an index per draft (1.2 s for the two updates below); hash joins take 40 ms.
  const planned = <T>(run: () => Promise<T>) => (afterBulkWrite ? withoutNestedLoops(tx, run) : run());
  const monthDrafts = sql`(select d.id from ${statements} d where d.month = ${month} and d.status = 'draft')`;
  // A line that left "approved" while on a draft (defensive: status changes detach their line).
  await planned(() =>
    tx
      .update(commissionLines)
      .set({ statementId: null })
      .where(
        and(
          sql`${commissionLines.statementId} in ${monthDrafts}`,
          // A held line (referral integrity: a conflict or a risk signal) never counts on a statement.
          sql`(${commissionLines.status} <> 'approved' or ${commissionLines.riskHold} is not null)`,
        ),
      ),
  );
  const sums = await tx
    .select({ partnerId: commissionLines.partnerId, ...lineSums })
    .from(commissionLines)
    .where(
      and(
        eq(commissionLines.status, 'approved'),
        sql`${commissionLines.riskHold} is null`,
        lte(commissionLines.month, month),
        sql`(${commissionLines.statementId} is null or ${commissionLines.statementId} in ${monthDrafts})`,
        // One hashed list of the month's published partners, not a probe per line.
        sql`${commissionLines.partnerId} not in (select ${statements.partnerId} from ${statements} where ${statements.month} = ${month} and ${statements.status} <> 'draft')`,
      ),
    )
    .groupBy(commissionLines.partnerId);
  const plans = await effectivePlans(
    tx,
    sums.map((s) => s.partnerId),
  );
  const due = sums.filter((s) => s.total > 0 && s.total >= plans.get(s.partnerId)!.min_payout_cents);
  const dueIds = due.map((s) => s.partnerId);
  // Drafts of partners with nothing due any more go; their lines return to no statement.
  await tx
    .delete(statements)
    .where(
      and(
        eq(statements.month, month),
        eq(statements.status, 'draft'),
        dueIds.length ? sql`${statements.partnerId} <> all(${sql.param(`{${dueIds.join(',')}}`)}::int[])` : undefined,
      ),
    );
  if (!due.length) return;
  const currency = await getCurrency(tx);
  // One statement per 10,000 drafts from a JSON array (drizzle's VALUES of 11 parameters a draft
  // cost seconds for an import's 5,000 partners).
  for (let i = 0; i < due.length; i += 10_000) {
    const chunk = due.slice(i, i + 10_000).map((s) => ({
      partner_id: s.partnerId,
      merchants: s.merchants,
      volume: s.volume,
      residual: s.residual,
      bonus: s.bonus,
      adjustment: s.adjustment,
      override: s.override,
      total: s.total,
    }));
    await tx.execute(sql`
      insert into ${statements} (partner_id, month, status, merchants, volume_cents, residual_cents, bonus_cents, adjustment_cents,
        override_cents, total_cents, currency)
      select s.partner_id, ${month}::text, 'draft', s.merchants, s.volume, s.residual, s.bonus, s.adjustment, s.override, s.total, ${currency}::text
      from json_to_recordset(${JSON.stringify(chunk)}::json) as s(partner_id integer, merchants integer, volume bigint,
        residual bigint, bonus bigint, adjustment bigint, override bigint, total bigint)
      on conflict (partner_id, month) do update set merchants = excluded.merchants, volume_cents = excluded.volume_cents,
        residual_cents = excluded.residual_cents, bonus_cents = excluded.bonus_cents, adjustment_cents = excluded.adjustment_cents,
        override_cents = excluded.override_cents, total_cents = excluded.total_cents, currency = excluded.currency, updated_at = now()
      where ${statements}.status = 'draft'`);
  }
  await planned(() =>
    tx.execute(sql`
      update ${commissionLines} set statement_id = s.id, updated_at = now()
      from ${statements} s
      where s.month = ${month} and s.status = 'draft' and s.partner_id = ${commissionLines.partnerId}
        and ${commissionLines.status} = 'approved' and ${commissionLines.riskHold} is null
        and ${commissionLines.statementId} is null and ${commissionLines.month} <= ${month}`),
  );
}

/**
 * Before an import writes its residual lines for the month: an empty draft for each partner it pays
 * who has no statement for the month yet, so that each line is inserted on its draft (rewriting
 * 20,000 fresh lines to attach them cost seconds). `refreshDrafts` then fills in the sums, or
 * deletes a draft that stays under the partner's minimum payout.
 */
export async function ensureDrafts(tx: DbExecutor, month: string, partnerIds: SQL): Promise<void> {
  const currency = await getCurrency(tx);
  await tx.execute(sql`
    insert into ${statements} (partner_id, month, status, currency)
    select distinct p.partner_id, ${month}::text, 'draft', ${currency}::text from (${partnerIds}) p(partner_id)
    on conflict (partner_id, month) do nothing`);
}

/** Partners with approved unattached lines up to the month that stay below their minimum payout. */
async function rolledOver(db: DbExecutor, month: string): Promise<AdminStatements['rolled_over']> {
  const rows = await db
    .select({ partnerId: commissionLines.partnerId, partnerName: users.fullName, total: lineSums.total })
    .from(commissionLines)
    .innerJoin(users, eq(users.id, commissionLines.partnerId))
    .where(draftable(month))
    .groupBy(commissionLines.partnerId, users.fullName)
    .orderBy(users.fullName);
  const plans = await effectivePlans(
    db,
    rows.map((r) => r.partnerId),
  );
  return rows.map((r) => ({
    partner_id: r.partnerId,
    partner_name: r.partnerName,
    total_cents: r.total,
    min_payout_cents: plans.get(r.partnerId)!.min_payout_cents,
  }));
}

const sumTotals = (items: StatementSummary[]): StatementTotals => ({
  volume_cents: items.reduce((a, s) => a + s.volume_cents, 0),
  residual_cents: items.reduce((a, s) => a + s.residual_cents, 0),
  bonus_cents: items.reduce((a, s) => a + s.bonus_cents, 0),
  adjustment_cents: items.reduce((a, s) => a + s.adjustment_cents, 0),
  override_cents: items.reduce((a, s) => a + s.override_cents, 0),
  total_cents: items.reduce((a, s) => a + s.total_cents, 0),
});

/** GET /admin/statements: every partner's statements (filtered), with their totals. */
export async function listAdminStatements(
  db: DbExecutor,
  query: { month?: string; status?: StatementRow['status']; partner_id?: number },
): Promise<AdminStatements> {
  const where = and(
    query.month ? eq(statements.month, query.month) : undefined,
    query.status ? eq(statements.status, query.status) : undefined,
    query.partner_id ? eq(statements.partnerId, query.partner_id) : undefined,
  );
  const rows = await db
    .select(statementColumns)
    .from(statements)
    .innerJoin(users, eq(users.id, statements.partnerId))
    .where(where)
    .orderBy(desc(statements.month), asc(users.fullName))
    .limit(5_000);
  const items = await markHolds(db, rows.map(toSummary));
  return { items, totals: sumTotals(items), rolled_over: query.month ? await rolledOver(db, query.month) : [] };
}

/** GET /commissions/statements: the partner's published and paid statements, newest first. */
export async function listPartnerStatements(db: DbExecutor, partnerId: number): Promise<StatementSummary[]> {
  const rows = await db
    .select(statementColumns)
    .from(statements)
    .innerJoin(users, eq(users.id, statements.partnerId))
    .where(and(eq(statements.partnerId, partnerId), inArray(statements.status, ['published', 'paid'])))
    .orderBy(desc(statements.month));
  return markHolds(db, rows.map(toSummary));
}

/**
 * A statement with its merchants, bonuses and adjustments. With `partnerId` only that partner's
 * published or paid statements are found (anything else is "not found", never "forbidden").
 */
export async function getStatementDetail(db: DbExecutor, id: string, partnerId?: number): Promise<StatementDetail> {
  const [row] = await db
    .select(statementColumns)
    .from(statements)
    .innerJoin(users, eq(users.id, statements.partnerId))
    .where(
      and(
        eq(statements.id, id),
        partnerId === undefined
          ? undefined
          : and(eq(statements.partnerId, partnerId), inArray(statements.status, ['published', 'paid'])),
      ),
    );
  if (!row) throw notFound(m.statementNotFound);
  const statement = (await markHolds(db, [toSummary(row)]))[0]!;
  const lines = await db
    .select({
      line: commissionLines,
      mid: merchantAccounts.mid,
      business: merchantAccounts.business,
      approvedOn: merchantAccounts.approvedOn,
    })
    .from(commissionLines)
    .leftJoin(merchantAccounts, eq(merchantAccounts.id, commissionLines.merchantAccountId))
    .where(eq(commissionLines.statementId, id))
    .orderBy(asc(commissionLines.month), asc(merchantAccounts.business), asc(commissionLines.createdAt), asc(commissionLines.id));
  const detail: StatementDetail = {
    statement,
    plan: await effectivePlan(db, statement.partner_id),
    merchants: [],
    bonuses: [],
    adjustments: [],
    overrides: [],
    totals: { volume_cents: 0, residual_cents: 0, bonus_cents: 0, adjustment_cents: 0, override_cents: 0, total_cents: 0 },
    note: m.residualsPaidNote(statement.month),
  };
  const members = await overrideMembers(
    db,
    lines.map((l) => l.line),
  );
  for (const { line, mid, business, approvedOn } of lines) {
    detail.totals.total_cents += line.amountCents;
    if (line.kind === 'override') {
      detail.overrides.push(toStatementOverride(line, mid, members));
      detail.totals.override_cents += line.amountCents;
    } else if (line.kind === 'residual') {
      detail.merchants.push({
        line_id: line.id,
        merchant_account_id: line.merchantAccountId,
        business: business ?? '',
        mid_last4: mid ? midLast4(mid) : '',
        month: line.month,
        volume_cents: line.volumeCents ?? 0,
        transactions: line.transactions,
        net_revenue_cents: line.netRevenueCents ?? 0,
        share_bps: line.shareBps ?? 0,
        residual_cents: line.amountCents,
        status: line.status,
      });
      detail.totals.volume_cents += line.volumeCents ?? 0;
      detail.totals.residual_cents += line.amountCents;
    } else if (line.kind === 'bonus' || line.kind === 'clawback') {
      detail.bonuses.push({
        line_id: line.id,
        kind: line.kind,
        merchant_account_id: line.merchantAccountId,
        business: business ?? null,
        mid_last4: mid ? midLast4(mid) : null,
        approved_on: approvedOn ?? null,
        description: line.description,
        amount_cents: line.amountCents,
        status: line.status,
        reason: line.reason,
      });
      detail.totals.bonus_cents += line.amountCents;
    } else {
      detail.adjustments.push({
        line_id: line.id,
        month: line.month,
        description: line.description ?? '',
        amount_cents: line.amountCents,
        status: line.status,
      });
      detail.totals.adjustment_cents += line.amountCents;
    }
  }
  return detail;
}

export interface BulkResult {
  id: string;
  ok: boolean;
  message?: string;
}

/** Publishes drafts; each partner is mailed once per statement (outbox, deduplicated by statement). */
export async function publishStatements(db: Database, ids: readonly string[], actorId: number): Promise<BulkResult[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(statements)
      .where(inArray(statements.id, [...ids]))
      .for('update');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const results: BulkResult[] = [];
    const now = new Date();
    for (const id of new Set(ids)) {
      const row = byId.get(id);
      if (!row) {
        results.push({ id, ok: false, message: m.statementNotFound });
        continue;
      }
      if (row.status !== 'draft') {
        results.push({ id, ok: false, message: m.notDraft });
        continue;
      }
      await tx.update(statements).set({ status: 'published', publishedAt: now }).where(eq(statements.id, id));
      await enqueue(tx, {
        action: statementMailAction,
        subjectType: 'statement',
        subjectId: id,
        payload: { statementId: id, userId: row.partnerId },
        dedupeKey: `${statementMailAction}:${id}`,
      });
      await publishIntegrationEvent(tx, {
        type: 'statement.published',
        partnerId: row.partnerId,
        data: {
          statement: { id, partner_id: row.partnerId, month: row.month, total_cents: row.totalCents, currency: row.currency },
          changes: { status: [row.status, 'published'] },
        },
        dedupeKey: `event:statement.published:${id}`,
      });
      await recordAudit(tx, {
        actorId,
        action: 'statement.publish',
        targetType: 'statement',
        targetId: id,
        before: { status: row.status },
        after: { status: 'published', partner_id: row.partnerId, month: row.month, total_cents: row.totalCents },
      });
      results.push({ id, ok: true });
    }
    return results;
  });
}

/** Marks published statements paid, and their lines with them (a paid line never changes again). */
export async function markStatementsPaid(db: Database, input: MarkPaidRequest, actorId: number): Promise<BulkResult[]> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(input.statement_ids)];
    const rows = await tx.select().from(statements).where(inArray(statements.id, ids)).for('update');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const results: BulkResult[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) {
        results.push({ id, ok: false, message: m.statementNotFound });
        continue;
      }
      if (row.status !== 'published') {
        results.push({ id, ok: false, message: m.notPublished });
        continue;
      }
      const payment = { paidOn: input.paid_on, paidMethod: input.method, paidReference: input.reference.trim() };
      await tx
        .update(statements)
        .set({ status: 'paid', ...payment })
        .where(eq(statements.id, id));
      await tx
        .update(commissionLines)
        .set({ status: 'paid' })
        .where(and(eq(commissionLines.statementId, id), eq(commissionLines.status, 'approved')));
      await recordAudit(tx, {
        actorId,
        action: 'statement.paid',
        targetType: 'statement',
        targetId: id,
        before: { status: row.status },
        after: {
          status: 'paid',
          paid_on: payment.paidOn,
          method: payment.paidMethod,
          reference: payment.paidReference,
          total_cents: row.totalCents,
        },
      });
      results.push({ id, ok: true });
    }
    return results;
  });
}

/** GET /commissions/summary: the partner's figures, from published and paid statements only. */
export async function getCommissionSummary(db: DbExecutor, partnerId: number, now = new Date()): Promise<CommissionSummary> {
  const year = now.getUTCFullYear();
  const [partner] = await db.select({ link: users.compensationLink }).from(users).where(eq(users.id, partnerId));
  const visible = sql`(${statements.status} in ('published', 'paid'))`;
  // The same figures the dashboard and the admin home show, from the one earnings query.
  const earnings = await earningsTotals(db, { partnerId }, now);
  const [pending] = await db
    .select({ total: sql<number>`coalesce(sum(${commissionLines.amountCents}), 0)`.mapWith(Number) })
    .from(commissionLines)
    .where(and(eq(commissionLines.partnerId, partnerId), eq(commissionLines.status, 'pending')));
  const [last] = await db
    .select()
    .from(statements)
    .where(and(eq(statements.partnerId, partnerId), visible))
    .orderBy(desc(statements.month))
    .limit(1);
  const first = addMonths(monthOf(now), -11);
  const seriesRows = await db
    .select({
      month: statements.month,
      bonus:
        sql<number>`coalesce(sum(${commissionLines.amountCents}) filter (where ${commissionLines.kind} in ('bonus', 'clawback')), 0)`.mapWith(
          Number,
        ),
      // Residual income includes the overrides earned on the team's merchants (issue 21).
      residual:
        sql<number>`coalesce(sum(${commissionLines.amountCents}) filter (where ${commissionLines.kind} in ('residual', 'override')), 0)`.mapWith(
          Number,
        ),
      override:
        sql<number>`coalesce(sum(${commissionLines.amountCents}) filter (where ${commissionLines.kind} = 'override'), 0)`.mapWith(
          Number,
        ),
    })
    .from(commissionLines)
    .innerJoin(statements, eq(statements.id, commissionLines.statementId))
    .where(and(eq(statements.partnerId, partnerId), visible, gte(statements.month, first)))
    .groupBy(statements.month);
  const byMonth = new Map(seriesRows.map((r) => [r.month, r]));
  const series = Array.from({ length: 12 }, (_, i) => {
    const month = addMonths(first, i);
    const row = byMonth.get(month);
    return { month, bonus_cents: row?.bonus ?? 0, residual_cents: row?.residual ?? 0, override_cents: row?.override ?? 0 };
  });
  return {
    currency: earnings.currency,
    year,
    paid_this_year_cents: earnings.paid_this_year_cents,
    approved_unpaid_cents: earnings.approved_unpaid_cents,
    pending_cents: pending?.total ?? 0,
    active_merchants: last?.merchants ?? 0,
    last_statement: last ? { id: last.id, month: last.month, total_cents: last.totalCents, status: last.status } : null,
    series,
    compensation_link: partner?.link ?? null,
    earnings,
    next_statement: nextStatement(now),
  };
}

/** GET /admin/commissions/totals: all partners' statements per month, newest first. */
export async function monthlyTotals(db: DbExecutor, query: { from?: string; to?: string }): Promise<MonthlyTotal[]> {
  const rows = await db
    .select({
      month: statements.month,
      statements: sql<number>`count(*)`.mapWith(Number),
      partners: sql<number>`count(distinct ${statements.partnerId})`.mapWith(Number),
      volume: sql<number>`coalesce(sum(${statements.volumeCents}), 0)`.mapWith(Number),
      residual: sql<number>`coalesce(sum(${statements.residualCents}), 0)`.mapWith(Number),
      bonus: sql<number>`coalesce(sum(${statements.bonusCents}), 0)`.mapWith(Number),
      adjustment: sql<number>`coalesce(sum(${statements.adjustmentCents}), 0)`.mapWith(Number),
      total: sql<number>`coalesce(sum(${statements.totalCents}), 0)`.mapWith(Number),
      paid: sql<number>`coalesce(sum(${statements.totalCents}) filter (where ${statements.status} = 'paid'), 0)`.mapWith(Number),
    })
    .from(statements)
    .where(
      and(query.from ? gte(statements.month, query.from) : undefined, query.to ? lte(statements.month, query.to) : undefined),
    )
    .groupBy(statements.month)
    .orderBy(desc(statements.month));
  return rows.map((r) => ({
    month: r.month,
    statements: r.statements,
    partners: r.partners,
    volume_cents: r.volume,
    residual_cents: r.residual,
    bonus_cents: r.bonus,
    adjustment_cents: r.adjustment,
    total_cents: r.total,
    paid_cents: r.paid,
  }));
}
