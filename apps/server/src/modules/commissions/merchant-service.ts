import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  commissionMessages as m,
  midLast4,
  monthOf,
  type CommissionLine,
  type CreateLineRequest,
  type LineStatusRequest,
  type MerchantAccount,
} from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { commissionLines, leads, merchantAccounts, statements, users } from '../../db/schema';
import { isPartnerAccount } from '../../lib/access';
import { publishIntegrationEvent, publishIntegrationEvents, type IntegrationEventInput } from '../../lib/integration-events';
import { recordAudit } from '../../lib/audit';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import type { RecordedLeadEvent } from '../leads';
import { effectivePlan, effectivePlans } from './plan-service';
import { refreshDrafts } from './statement-service';
import { freezeChain } from './split-service';

/**
 * `commission.created` for the lines that may be paid (pending, approved or on hold, held by
 * referral integrity or not): a line written void is never announced, and is announced if a
 * resolution gives it back (risk-hold-service.ts). Once per line, whatever the path: the key.
 */
export function commissionCreatedEvents(
  lines: readonly LineRow[],
  merchantOf: (line: LineRow) => { mid: string | null; business: string | null } | null | undefined = () => null,
): IntegrationEventInput[] {
  return lines
    .filter((line) => line.status !== 'void' && line.status !== 'paid')
    .map((line) => ({
      type: 'commission.created' as const,
      partnerId: line.partnerId,
      data: { commission: toLine(line, merchantOf(line)) },
      dedupeKey: commissionCreatedKey(line.id),
    }));
}

export const commissionCreatedKey = (lineId: string) => `event:commission.created:${lineId}`;

/** The description of both bonus lines of a split award (referral integrity). */
export const splitAwardDescription = 'Split award';

type LineRow = typeof commissionLines.$inferSelect;
type MerchantRow = typeof merchantAccounts.$inferSelect;

export function toLine(line: LineRow, merchant?: { mid: string | null; business: string | null } | null): CommissionLine {
  return {
    id: line.id,
    partner_id: line.partnerId,
    merchant_account_id: line.merchantAccountId,
    business: merchant?.business ?? null,
    mid_last4: merchant?.mid ? midLast4(merchant.mid) : null,
    kind: line.kind,
    status: line.status,
    reason: line.reason,
    month: line.month,
    amount_cents: line.amountCents,
    volume_cents: line.volumeCents,
    transactions: line.transactions,
    net_revenue_cents: line.netRevenueCents,
    share_bps: line.shareBps,
    description: line.description,
    statement_id: line.statementId,
    import_id: line.importId,
    created_at: line.createdAt.toISOString(),
  };
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/** Days from one `YYYY-MM-DD` to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Opens a merchant account with its pending bonus (the plan's amount). Used when a referral is
 * approved and when an admin assigns an unmatched MID. Returns the account (existing or new).
 */
export async function openMerchantAccount(
  tx: DbExecutor,
  input: { mid: string; business: string; partnerId: number; leadId?: number | null; approvedOn: string },
): Promise<MerchantRow> {
  const [created] = await tx
    .insert(merchantAccounts)
    .values({
      mid: input.mid,
      business: input.business,
      partnerId: input.partnerId,
      leadId: input.leadId ?? null,
      approvedOn: input.approvedOn,
    })
    .onConflictDoNothing({ target: merchantAccounts.mid })
    .returning();
  if (!created) {
    const [existing] = await tx.select().from(merchantAccounts).where(eq(merchantAccounts.mid, input.mid));
    return existing!;
  }
  await freezeChain(tx, created);
  const plan = await effectivePlan(tx, input.partnerId);
  if (plan.bonus_cents > 0) {
    const [bonus] = await tx
      .insert(commissionLines)
      .values({
        partnerId: input.partnerId,
        merchantAccountId: created.id,
        kind: 'bonus',
        status: 'pending',
        month: input.approvedOn.slice(0, 7),
        amountCents: plan.bonus_cents,
      })
      .returning();
    await publishIntegrationEvents(tx, commissionCreatedEvents([bonus!]));
    for (const month of await evaluateBonuses(tx, [created.id])) await refreshDrafts(tx, month);
  }
  return created;
}

/**
 * The lead-event listener: a referral moved to Approved merchant (with its MID) becomes a merchant
 * account with a pending bonus, in the transaction of the move. A referral without a partner makes
 * none; its MID shows as unmatched when a report lists it, and an admin assigns it.
 */
export async function onLeadEvent(tx: DbExecutor, event: RecordedLeadEvent): Promise<void> {
  if (event.kind !== 'status' || event.toStatus !== 'approved') return;
  const [lead] = await tx
    .select({ id: leads.id, partnerId: leads.partnerId, mid: leads.mid, company: leads.company })
    .from(leads)
    .where(eq(leads.id, event.leadId));
  if (!lead?.mid || !lead.partnerId) return;
  const [partner] = await tx.select({ role: users.role }).from(users).where(eq(users.id, lead.partnerId));
  if (!partner || !isPartnerAccount(partner)) return;
  await openMerchantAccount(tx, {
    mid: lead.mid,
    business: lead.company,
    partnerId: lead.partnerId,
    leadId: lead.id,
    approvedOn: day(event.createdAt),
  });
}

/**
 * A pending automatic bonus is earned (approved) once the merchant's imported volume reaches the
 * plan minimum, exactly at it; it goes on the statement of the month whose report reached it. An
 * earned bonus that is on no published statement returns to pending if a re-import lowers the volume.
 */
export async function evaluateBonuses(tx: DbExecutor, merchantIds: readonly string[]): Promise<Set<string>> {
  const months = new Set<string>();
  if (!merchantIds.length) return months;
  // One array parameter per 50,000 merchants (an import's): an IN list of 5,000 parameters cost a
  // parse and plan per 5,000.
  for (let i = 0; i < merchantIds.length; i += 50_000) {
    const ids = merchantIds.slice(i, i + 50_000);
    const bonuses = await tx
      .select({ line: commissionLines, statementStatus: statements.status })
      .from(commissionLines)
      .leftJoin(statements, eq(statements.id, commissionLines.statementId))
      .where(
        and(
          sql`${commissionLines.merchantAccountId} = any(${sql.param(`{${ids.join(',')}}`)}::uuid[])`,
          eq(commissionLines.kind, 'bonus'),
          // The automatic bonus, and the other partner's share of a split award (risk-hold-service.ts).
          or(isNull(commissionLines.createdBy), eq(commissionLines.description, splitAwardDescription)),
          inArray(commissionLines.status, ['pending', 'approved']),
        ),
      );
    const open = bonuses.filter((b) => b.line.status === 'pending' || (b.statementStatus ?? 'draft') === 'draft');
    if (!open.length) continue;
    const volumes = await tx
      .select({
        merchantId: commissionLines.merchantAccountId,
        volume: sql<number>`coalesce(sum(${commissionLines.volumeCents}), 0)`.mapWith(Number),
        lastMonth: sql<string | null>`max(${commissionLines.month})`,
      })
      .from(commissionLines)
      .where(
        and(
          inArray(
            commissionLines.merchantAccountId,
            open.map((b) => b.line.merchantAccountId!),
          ),
          eq(commissionLines.kind, 'residual'),
          sql`${commissionLines.status} <> 'void'`,
        ),
      )
      .groupBy(commissionLines.merchantAccountId);
    const byMerchant = new Map(volumes.map((v) => [v.merchantId!, v]));
    const plans = await effectivePlans(
      tx,
      open.map((b) => b.line.partnerId),
    );
    for (const { line } of open) {
      const seen = byMerchant.get(line.merchantAccountId!);
      const reached = (seen?.volume ?? 0) >= plans.get(line.partnerId)!.bonus_min_volume_cents;
      if (line.status === 'pending' && reached) {
        const month = seen?.lastMonth && seen.lastMonth > line.month ? seen.lastMonth : line.month;
        await tx.update(commissionLines).set({ status: 'approved', month }).where(eq(commissionLines.id, line.id));
        months.add(month);
      } else if (line.status === 'approved' && !reached) {
        await tx.update(commissionLines).set({ status: 'pending', statementId: null }).where(eq(commissionLines.id, line.id));
        months.add(line.month);
      }
    }
  }
  return months;
}

async function merchantRow(db: DbExecutor, id: string): Promise<MerchantRow> {
  const [row] = await db.select().from(merchantAccounts).where(eq(merchantAccounts.id, id));
  if (!row) throw notFound(m.merchantNotFound);
  return row;
}

/** GET /admin/merchant-accounts?partner_id= */
export async function listMerchantAccounts(db: DbExecutor, partnerId?: number): Promise<MerchantAccount[]> {
  const rows = await db
    .select({
      account: merchantAccounts,
      partnerName: users.fullName,
      volume:
        sql<number>`(select coalesce(sum(l.volume_cents), 0) from commission_lines l where l.merchant_account_id = ${merchantAccounts.id} and l.kind = 'residual' and l.status <> 'void')`.mapWith(
          Number,
        ),
      leadPublicId: leads.publicId,
    })
    .from(merchantAccounts)
    .innerJoin(users, eq(users.id, merchantAccounts.partnerId))
    .leftJoin(leads, eq(leads.id, merchantAccounts.leadId))
    .where(partnerId ? eq(merchantAccounts.partnerId, partnerId) : undefined)
    .orderBy(asc(merchantAccounts.business))
    .limit(5_000);
  return rows.map((r) => ({
    id: r.account.id,
    mid: r.account.mid,
    business: r.account.business,
    partner_id: r.account.partnerId,
    partner_name: r.partnerName,
    lead_id: r.leadPublicId ?? null,
    approved_on: r.account.approvedOn,
    status: r.account.status,
    closed_on: r.account.closedOn,
    volume_cents: r.volume,
  }));
}

/**
 * POST /admin/merchant-accounts/{id}/close: the processor closed the account on `closed_on`. Inside
 * the plan's clawback window (approval day + clawback_days, that last day included) the bonus is
 * reversed: a pending bonus is voided, an earned one gets a negative clawback line.
 */
export async function closeMerchantAccount(
  db: Database,
  id: string,
  closedOn: string,
  actorId: number,
): Promise<MerchantAccount> {
  return db.transaction(async (tx) => {
    const account = await merchantRow(tx, id);
    if (account.status === 'closed') throw conflict(m.merchantClosed);
    if (closedOn < account.approvedOn) throw unprocessable(m.closedDateBeforeApproval, { closed_on: m.closedDateBeforeApproval });
    await tx.update(merchantAccounts).set({ status: 'closed', closedOn }).where(eq(merchantAccounts.id, id));
    const plan = await effectivePlan(tx, account.partnerId);
    const within = daysBetween(account.approvedOn, closedOn) <= plan.clawback_days;
    const months = new Set<string>();
    let clawback: LineRow | null = null;
    if (within) {
      const reason = `Account closed within ${plan.clawback_days} days of approval; bonus reversed`;
      const [bonus] = await tx
        .select()
        .from(commissionLines)
        .where(
          and(eq(commissionLines.merchantAccountId, id), eq(commissionLines.kind, 'bonus'), isNull(commissionLines.createdBy)),
        );
      if (bonus?.status === 'pending' || bonus?.status === 'on_hold') {
        await tx.update(commissionLines).set({ status: 'void', reason }).where(eq(commissionLines.id, bonus.id));
      } else if (bonus && bonus.status !== 'void') {
        const [inserted] = await tx
          .insert(commissionLines)
          .values({
            partnerId: account.partnerId,
            merchantAccountId: id,
            kind: 'clawback',
            status: 'approved',
            month: monthOf(`${closedOn}T00:00:00Z`),
            amountCents: -bonus.amountCents,
            description: reason,
          })
          .onConflictDoNothing()
          .returning();
        clawback = inserted ?? null;
        if (clawback) months.add(clawback.month);
      }
    }
    for (const month of months) await refreshDrafts(tx, month);
    await publishIntegrationEvent(tx, {
      type: 'merchant.closed',
      partnerId: account.partnerId,
      data: {
        merchant: { id, business: account.business, mid_last4: account.mid.slice(-4), partner_id: account.partnerId },
        changes: { status: [account.status, 'closed'] },
        closed_on: closedOn,
        clawback_cents: clawback?.amountCents ?? null,
      },
      dedupeKey: `event:merchant.closed:${id}`,
    });
    await recordAudit(tx, {
      actorId,
      action: 'merchant_account.close',
      targetType: 'merchant_account',
      targetId: id,
      before: { status: account.status, closed_on: account.closedOn },
      after: { status: 'closed', closed_on: closedOn, clawback_cents: clawback?.amountCents ?? null },
    });
    return (await listMerchantAccounts(tx, account.partnerId)).find((a) => a.id === id)!;
  });
}

/** POST /admin/commissions/lines: a manual line (approved, for the month's statement). */
export async function createManualLine(
  db: Database,
  input: CreateLineRequest & { kind: 'adjustment' | 'bonus' },
  actorId: number,
): Promise<CommissionLine> {
  return db.transaction(async (tx) => {
    const [partner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.partner_id), eq(users.role, 'user')));
    if (!partner) throw unprocessable(m.partnerNotFound, { partner_id: m.partnerNotFound });
    let merchant: MerchantRow | null = null;
    if (input.merchant_account_id) {
      merchant = await merchantRow(tx, input.merchant_account_id).catch(() => null);
      if (!merchant || merchant.partnerId !== input.partner_id)
        throw unprocessable(m.merchantNotFound, { merchant_account_id: m.merchantNotFound });
    }
    const [line] = await tx
      .insert(commissionLines)
      .values({
        partnerId: input.partner_id,
        merchantAccountId: merchant?.id ?? null,
        kind: input.kind,
        status: 'approved',
        month: input.month,
        amountCents: input.amount_cents,
        description: input.description.trim(),
        createdBy: actorId,
      })
      .returning();
    await refreshDrafts(tx, input.month);
    await publishIntegrationEvents(tx, commissionCreatedEvents([line!]));
    await recordAudit(tx, {
      actorId,
      action: 'commission_line.create',
      targetType: 'commission_line',
      targetId: line!.id,
      after: toLine(line!),
    });
    const [fresh] = await tx.select().from(commissionLines).where(eq(commissionLines.id, line!.id));
    return toLine(fresh!, merchant);
  });
}

/**
 * POST /admin/commissions/lines/{id}/status: approve, hold or void a line that is on no published
 * statement. A paid line never changes (409; the database refuses it too).
 */
export async function changeLineStatus(
  db: Database,
  id: string,
  input: LineStatusRequest,
  actorId: number,
): Promise<CommissionLine> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ line: commissionLines, statementStatus: statements.status })
      .from(commissionLines)
      .leftJoin(statements, eq(statements.id, commissionLines.statementId))
      .where(eq(commissionLines.id, id))
      .for('update', { of: commissionLines });
    if (!found) throw notFound(m.lineNotFound);
    const { line, statementStatus } = found;
    if (line.status === 'paid') throw conflict(m.paidLineImmutable);
    if (statementStatus && statementStatus !== 'draft') throw conflict(m.lineOnPublishedStatement);
    const reason = input.status === 'void' || input.status === 'on_hold' ? (input.reason ?? '').trim() : null;
    await tx.update(commissionLines).set({ status: input.status, reason, statementId: null }).where(eq(commissionLines.id, id));
    await refreshDrafts(tx, line.month);
    await recordAudit(tx, {
      actorId,
      action: 'commission_line.status',
      targetType: 'commission_line',
      targetId: id,
      before: { status: line.status, reason: line.reason },
      after: { status: input.status, reason },
    });
    const [fresh] = await tx
      .select({ line: commissionLines, mid: merchantAccounts.mid, business: merchantAccounts.business })
      .from(commissionLines)
      .leftJoin(merchantAccounts, eq(merchantAccounts.id, commissionLines.merchantAccountId))
      .where(eq(commissionLines.id, id));
    return toLine(fresh!.line, fresh);
  });
}

/** GET /admin/commissions/lines?partner_id=&month= */
export async function listLines(db: DbExecutor, query: { partner_id?: number; month?: string }): Promise<CommissionLine[]> {
  const rows = await db
    .select({ line: commissionLines, mid: merchantAccounts.mid, business: merchantAccounts.business })
    .from(commissionLines)
    .leftJoin(merchantAccounts, eq(merchantAccounts.id, commissionLines.merchantAccountId))
    .where(
      and(
        query.partner_id ? eq(commissionLines.partnerId, query.partner_id) : undefined,
        query.month ? eq(commissionLines.month, query.month) : undefined,
      ),
    )
    .orderBy(asc(commissionLines.month), asc(commissionLines.kind), asc(merchantAccounts.business))
    .limit(5_000);
  return rows.map((r) => toLine(r.line, r));
}
