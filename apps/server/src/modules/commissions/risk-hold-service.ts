import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db';
import { commissionLines, merchantAccounts } from '../../db/schema';
import { publishIntegrationEvents, withdrawIntegrationEvents } from '../../lib/integration-events';
import { commissionCreatedEvents, commissionCreatedKey, evaluateBonuses, splitAwardDescription } from './merchant-service';
import { refreshDrafts } from './statement-service';

export type RiskHold = 'conflict' | 'risk';

/**
 * The reason on a line a blocking risk rule wrote void: neutral (a partner never learns the signal),
 * and how a later resolution finds the lines it gives back.
 */
export const blockedLineReason = 'Under review';

/** The merchant accounts opened from these referrals. */
const merchantsOfLeads = (leadIds: readonly number[]) =>
  sql`(select ${merchantAccounts.id} from ${merchantAccounts} where ${inArray(merchantAccounts.leadId, [...leadIds])})`;

/**
 * Puts referral integrity's hold on the unpaid lines of the merchants opened from these referrals
 * (their bonus and any residual already imported), and redraws the months it touched, so a held
 * line leaves a draft statement at once. Paid lines never change.
 */
export async function holdLinesOfLeads(tx: DbExecutor, leadIds: readonly number[], hold: RiskHold): Promise<number> {
  if (!leadIds.length) return 0;
  // The merchant is held too: a residual imported later is written held (import-service.ts).
  await tx
    .update(merchantAccounts)
    .set({ riskHold: hold })
    .where(and(inArray(merchantAccounts.leadId, [...leadIds]), isNull(merchantAccounts.riskHold)));
  const rows = await tx
    .update(commissionLines)
    .set({ riskHold: hold })
    .where(
      and(
        sql`${commissionLines.merchantAccountId} in ${merchantsOfLeads(leadIds)}`,
        inArray(commissionLines.status, ['pending', 'approved', 'on_hold']),
        isNull(commissionLines.riskHold),
      ),
    )
    .returning({ month: commissionLines.month });
  for (const month of new Set(rows.map((r) => r.month))) await refreshDrafts(tx, month);
  return rows.length;
}

/**
 * A blocking risk rule: the merchant stays (its referral was accepted as the merchant sees it) but
 * nothing is owed for it. Its unpaid lines are written void with a neutral reason, and every line
 * written for it later (a residual import) is void too, until a resolution gives them back.
 */
export async function blockLinesOfLeads(tx: DbExecutor, leadIds: readonly number[]): Promise<number> {
  if (!leadIds.length) return 0;
  await blockMerchantsOfLeads(tx, leadIds);
  const rows = await tx
    .update(commissionLines)
    .set({
      status: 'void',
      reason: blockedLineReason,
      statementId: null,
      riskHold: sql`coalesce(${commissionLines.riskHold}, 'risk')`,
    })
    .where(
      and(
        sql`${commissionLines.merchantAccountId} in ${merchantsOfLeads(leadIds)}`,
        inArray(commissionLines.status, ['pending', 'approved', 'on_hold']),
      ),
    )
    .returning({ id: commissionLines.id, month: commissionLines.month });
  // A line announced in this transaction (the bonus of the approval that opened the merchant) is
  // never announced after all; a resolution that gives it back announces it then.
  await withdrawIntegrationEvents(
    tx,
    rows.map((r) => commissionCreatedKey(r.id)),
  );
  for (const month of new Set(rows.map((r) => r.month))) await refreshDrafts(tx, month);
  return rows.length;
}

/**
 * Lifts the hold from these referrals' lines (and their merchants, so later lines are written free);
 * they reach the next statement as any other line. Lines a block wrote void come back: residuals and
 * overrides as approved, the bonus as pending until its volume rule earns it again. A line voided as
 * fraud stays void.
 */
export async function releaseLinesOfLeads(tx: DbExecutor, leadIds: readonly number[]): Promise<number> {
  if (!leadIds.length) return 0;
  await tx
    .update(merchantAccounts)
    .set({ riskHold: null })
    .where(and(inArray(merchantAccounts.leadId, [...leadIds]), isNotNull(merchantAccounts.riskHold)));
  const restored = await tx
    .update(commissionLines)
    .set({ status: sql`case when ${commissionLines.kind} = 'bonus' then 'pending' else 'approved' end`, reason: null })
    .where(
      and(
        sql`${commissionLines.merchantAccountId} in ${merchantsOfLeads(leadIds)}`,
        eq(commissionLines.status, 'void'),
        eq(commissionLines.reason, blockedLineReason),
        isNotNull(commissionLines.riskHold),
      ),
    )
    .returning();
  await publishRestoredLines(tx, restored);
  const rows = await tx
    .update(commissionLines)
    .set({ riskHold: null })
    .where(
      and(
        sql`${commissionLines.merchantAccountId} in ${merchantsOfLeads(leadIds)}`,
        isNotNull(commissionLines.riskHold),
        sql`${commissionLines.status} <> 'void'`,
      ),
    )
    .returning({ month: commissionLines.month });
  const months = new Set(rows.map((r) => r.month));
  if (restored.length)
    for (const month of await evaluateBonuses(tx, [...new Set(restored.map((r) => r.merchantAccountId!))])) months.add(month);
  for (const month of [...months].sort()) await refreshDrafts(tx, month);
  return rows.length;
}

/**
 * `commission.created` for the lines a resolution gave back: they may be paid now. Once per line (the
 * key): a line announced before it was written void is not announced again.
 */
async function publishRestoredLines(tx: DbExecutor, lines: (typeof commissionLines.$inferSelect)[]): Promise<void> {
  if (!lines.length) return;
  const merchantIds = [...new Set(lines.flatMap((line) => (line.merchantAccountId ? [line.merchantAccountId] : [])))];
  const merchants = new Map(
    (
      await tx
        .select({ id: merchantAccounts.id, mid: merchantAccounts.mid, business: merchantAccounts.business })
        .from(merchantAccounts)
        .where(inArray(merchantAccounts.id, merchantIds))
    ).map((row) => [row.id, row]),
  );
  await publishIntegrationEvents(
    tx,
    commissionCreatedEvents(lines, (line) => (line.merchantAccountId ? merchants.get(line.merchantAccountId) : null)),
  );
}

/** Voids these referrals' held lines as fraud: irreversible (a void line never reaches a statement). */
export async function voidHeldLinesOfLeads(tx: DbExecutor, leadIds: readonly number[], reason: string) {
  if (!leadIds.length) return [];
  // A merchant voided as fraud earns nothing from now on.
  await blockMerchantsOfLeads(tx, leadIds);
  const rows = await tx
    .update(commissionLines)
    .set({ status: 'void', reason, statementId: null })
    .where(
      and(
        sql`${commissionLines.merchantAccountId} in ${merchantsOfLeads(leadIds)}`,
        isNotNull(commissionLines.riskHold),
        sql`${commissionLines.status} <> 'paid'`,
      ),
    )
    .returning({ id: commissionLines.id, month: commissionLines.month, amountCents: commissionLines.amountCents });
  for (const month of new Set(rows.map((r) => r.month))) await refreshDrafts(tx, month);
  return rows;
}

/** Held lines of these referrals, for the risk queue's detail panel. */
export async function heldLinesOfLeads(tx: DbExecutor, leadIds: readonly number[]) {
  if (!leadIds.length) return [];
  return tx
    .select({
      id: commissionLines.id,
      amountCents: commissionLines.amountCents,
      status: commissionLines.status,
      business: merchantAccounts.business,
    })
    .from(commissionLines)
    .innerJoin(merchantAccounts, eq(merchantAccounts.id, commissionLines.merchantAccountId))
    .where(and(inArray(merchantAccounts.leadId, [...leadIds]), isNotNull(commissionLines.riskHold)))
    .limit(200);
}

/**
 * A split award, in the plainest form the commissions model allows (one partner per merchant
 * account): the merchant stays with the referral's partner, whose automatic bonus becomes their
 * share (rounded half up once), and the other partner gets a bonus line for the rest, made by the
 * deciding admin (the model's one automatic bonus per merchant is the owner's). Residuals are not
 * split: the account has one partner. Returns false when the merchant has no account yet (the
 * split is applied when the referral is approved).
 */
export async function splitBonusOfLead(
  tx: DbExecutor,
  input: { leadId: number; otherPartnerId: number; ownerShareBps: number; actorId: number | null },
): Promise<boolean> {
  const [merchant] = await tx.select().from(merchantAccounts).where(eq(merchantAccounts.leadId, input.leadId));
  if (!merchant) return false;
  const [bonus] = await tx
    .select()
    .from(commissionLines)
    .where(
      and(
        eq(commissionLines.merchantAccountId, merchant.id),
        eq(commissionLines.kind, 'bonus'),
        isNull(commissionLines.createdBy),
        sql`${commissionLines.status} <> 'void'`,
      ),
    );
  if (!bonus) return true;
  const [already] = await tx
    .select({ id: commissionLines.id })
    .from(commissionLines)
    .where(
      and(
        eq(commissionLines.merchantAccountId, merchant.id),
        eq(commissionLines.kind, 'bonus'),
        eq(commissionLines.partnerId, input.otherPartnerId),
      ),
    );
  if (already) return true;
  const total = bonus.amountCents;
  const ownerCents = Math.floor((total * input.ownerShareBps + 5_000) / 10_000);
  await tx
    .update(commissionLines)
    .set({ amountCents: ownerCents, description: splitAwardDescription })
    .where(eq(commissionLines.id, bonus.id));
  await tx.insert(commissionLines).values({
    partnerId: input.otherPartnerId,
    merchantAccountId: merchant.id,
    kind: 'bonus',
    status: bonus.status === 'paid' ? 'approved' : bonus.status,
    riskHold: bonus.riskHold,
    month: bonus.month,
    amountCents: total - ownerCents,
    description: splitAwardDescription,
    createdBy: input.actorId,
  });
  await refreshDrafts(tx, bonus.month);
  return true;
}

/** These referrals' merchants earn nothing from now on: a line written for them later (an import) is void. */
async function blockMerchantsOfLeads(tx: DbExecutor, leadIds: readonly number[]): Promise<void> {
  await tx
    .update(merchantAccounts)
    .set({ riskHold: 'blocked' })
    .where(inArray(merchantAccounts.leadId, [...leadIds]));
}
