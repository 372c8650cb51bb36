import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  commissionMessages as m,
  shareOfCents,
  type AssignMidRequest,
  type MerchantAccount,
  type UnmatchedItem,
} from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { commissionImportRows, commissionImports, commissionLines, ignoredMids, merchantAccounts, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { merchantData, publishIntegrationEvent, publishIntegrationEvents } from '../../lib/integration-events';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { commissionCreatedEvents, evaluateBonuses, listMerchantAccounts, openMerchantAccount } from './merchant-service';
import { effectivePlans } from './plan-service';
import { refreshDrafts } from './statement-service';
import { resplitMerchant } from './split-service';

/** The newest upload of each month and processor (the one a later commit would keep). */
const isLatestImport = sql`not exists (select 1 from ${commissionImports} n where n.month = ${commissionImports.month} and lower(n.processor) = lower(${commissionImports.processor}) and n.created_at > ${commissionImports.createdAt})`;

/** GET /admin/commissions/unmatched: MIDs of the latest uploads that no merchant account has and no admin ignored. */
export async function listUnmatched(db: DbExecutor, month?: string): Promise<UnmatchedItem[]> {
  const rows = await db
    .select({ row: commissionImportRows, imp: commissionImports })
    .from(commissionImportRows)
    .innerJoin(commissionImports, eq(commissionImports.id, commissionImportRows.importId))
    .where(
      and(
        month ? eq(commissionImports.month, month) : undefined,
        isLatestImport,
        sql`not exists (select 1 from ${merchantAccounts} a where a.mid = ${commissionImportRows.mid})`,
        sql`not exists (select 1 from ${ignoredMids} g where g.mid = ${commissionImportRows.mid})`,
      ),
    )
    .orderBy(desc(commissionImports.month), asc(commissionImports.processor), asc(commissionImportRows.rowNo))
    .limit(1_000);
  return rows.map(({ row, imp }) => ({
    mid: row.mid,
    business: row.business,
    month: imp.month,
    processor: imp.processor,
    import_id: imp.id,
    import_status: imp.status,
    row: row.rowNo,
    volume_cents: row.volumeCents,
    net_revenue_cents: row.netRevenueCents,
  }));
}

/**
 * POST /admin/commissions/unmatched/assign: the MID becomes the partner's merchant account (with its
 * pending bonus); each committed report that lists it gets its residual line, so the month's draft
 * statement includes it.
 */
export async function assignMid(db: Database, input: AssignMidRequest, actorId: number): Promise<MerchantAccount> {
  return db.transaction(async (tx) => {
    const mid = input.mid.trim();
    const [partner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.partner_id), eq(users.role, 'user')));
    if (!partner) throw unprocessable(m.partnerNotFound, { partner_id: m.partnerNotFound });
    const [existing] = await tx.select({ id: merchantAccounts.id }).from(merchantAccounts).where(eq(merchantAccounts.mid, mid));
    if (existing) throw conflict(m.midAlreadyAssigned, { mid: m.midAlreadyAssigned });
    const listed = await tx
      .select({ row: commissionImportRows, imp: commissionImports })
      .from(commissionImportRows)
      .innerJoin(commissionImports, eq(commissionImports.id, commissionImportRows.importId))
      .where(and(eq(commissionImportRows.mid, mid), isLatestImport))
      .orderBy(asc(commissionImports.month));
    if (!listed.length) throw notFound(m.midNotFound);
    const first = listed[0]!;
    const business = input.business?.trim() || listed.find((l) => l.row.business)?.row.business || mid;
    const account = await openMerchantAccount(tx, {
      mid,
      business,
      partnerId: input.partner_id,
      approvedOn: input.approved_on ?? `${first.imp.month}-01`,
    });
    await tx.delete(ignoredMids).where(eq(ignoredMids.mid, mid));
    const committed = listed.filter((l) => l.imp.status === 'committed');
    const plans = await effectivePlans(tx, [input.partner_id]);
    const shareBps = plans.get(input.partner_id)!.residual_share_bps;
    const months = new Set<string>();
    const written: (typeof commissionLines.$inferSelect)[] = [];
    for (const { row, imp } of committed) {
      const [line] = await tx
        .insert(commissionLines)
        .values({
          partnerId: input.partner_id,
          merchantAccountId: account.id,
          kind: 'residual',
          status: 'approved',
          month: imp.month,
          amountCents: shareOfCents(row.netRevenueCents, shareBps),
          volumeCents: row.volumeCents,
          transactions: row.transactions,
          netRevenueCents: row.netRevenueCents,
          shareBps,
          importId: imp.id,
        })
        .onConflictDoNothing()
        .returning();
      if (line) {
        months.add(line.month);
        written.push(line);
      }
    }
    // The events of an approval, as when a referral is approved: the merchant, then its residual lines.
    await publishIntegrationEvent(tx, {
      type: 'merchant.approved',
      partnerId: account.partnerId,
      data: { merchant: merchantData(account), referral_id: null },
      dedupeKey: `event:merchant.approved:${account.id}`,
    });
    await publishIntegrationEvents(
      tx,
      commissionCreatedEvents(written, () => account),
    );
    // Issue 21: the residuals just written are split over the chain frozen on the new account.
    if (months.size) for (const month of await resplitMerchant(tx, account, [...months].sort()[0]!)) months.add(month);
    for (const month of await evaluateBonuses(tx, [account.id])) months.add(month);
    for (const month of [...months].sort()) await refreshDrafts(tx, month);
    await recordAudit(tx, {
      actorId,
      action: 'merchant_account.assign',
      targetType: 'merchant_account',
      targetId: account.id,
      after: { mid, business, partner_id: input.partner_id, residual_months: [...months] },
    });
    return (await listMerchantAccounts(tx, input.partner_id)).find((a) => a.id === account.id)!;
  });
}

/** POST /admin/commissions/unmatched/ignore */
export async function ignoreMid(db: Database, mid: string, actorId: number): Promise<void> {
  return db.transaction(async (tx) => {
    const value = mid.trim();
    const [existing] = await tx.select({ id: merchantAccounts.id }).from(merchantAccounts).where(eq(merchantAccounts.mid, value));
    if (existing) throw conflict(m.midAlreadyAssigned, { mid: m.midAlreadyAssigned });
    await tx.insert(ignoredMids).values({ mid: value, ignoredBy: actorId }).onConflictDoNothing();
    await recordAudit(tx, { actorId, action: 'commission_mid.ignore', targetType: 'mid', targetId: value });
  });
}
