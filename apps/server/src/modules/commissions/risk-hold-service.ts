import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db';
import { commissionLines, merchantAccounts } from '../../db/schema';
import { splitAwardDescription } from './merchant-service';
import { refreshDrafts } from './statement-service';

export type RiskHold = 'conflict' | 'risk';

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

/** Lifts the hold from these referrals' lines; they reach the next statement as any other line. */
export async function releaseLinesOfLeads(tx: DbExecutor, leadIds: readonly number[]): Promise<number> {
  if (!leadIds.length) return 0;
  const rows = await tx
    .update(commissionLines)
    .set({ riskHold: null })
    .where(and(sql`${commissionLines.merchantAccountId} in ${merchantsOfLeads(leadIds)}`, isNotNull(commissionLines.riskHold)))
    .returning({ month: commissionLines.month });
  for (const month of new Set(rows.map((r) => r.month))) await refreshDrafts(tx, month);
  return rows.length;
}

/** Voids these referrals' held lines as fraud: irreversible (a void line never reaches a statement). */
export async function voidHeldLinesOfLeads(tx: DbExecutor, leadIds: readonly number[], reason: string) {
  if (!leadIds.length) return [];
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
