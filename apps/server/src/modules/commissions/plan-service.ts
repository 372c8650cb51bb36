import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  commissionMessages as m,
  currencySettingKey,
  defaultCommissionPlan,
  defaultCurrency,
  planTerms,
  planTermsLine,
  settingKeys,
  type CommissionPlan,
  type ProgramTerms,
  type PartnerPlan,
  type ProgramPlan,
} from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { commissionPlans, users } from '../../db/schema';
import { getSettingValue } from '../settings';
import { recordAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';

type PlanRow = typeof commissionPlans.$inferSelect;

const toPlan = (row: PlanRow): CommissionPlan => ({
  bonus_cents: row.bonusCents,
  bonus_min_volume_cents: row.bonusMinVolumeCents,
  clawback_days: row.clawbackDays,
  residual_share_bps: row.residualShareBps,
  min_payout_cents: row.minPayoutCents,
  override_levels: row.overrideLevels,
  override_basis: row.overrideBasis,
  override_funding: row.overrideFunding,
  negative_net: row.negativeNet,
});

const toColumns = (plan: CommissionPlan) => ({
  bonusCents: plan.bonus_cents,
  bonusMinVolumeCents: plan.bonus_min_volume_cents,
  clawbackDays: plan.clawback_days,
  residualShareBps: plan.residual_share_bps,
  minPayoutCents: plan.min_payout_cents,
  overrideLevels: plan.override_levels,
  overrideBasis: plan.override_basis,
  overrideFunding: plan.override_funding,
  negativeNet: plan.negative_net,
});

/** The currency setting (ISO 4217, upper-cased), USD when unset or not three letters. */
export async function getCurrency(db: DbExecutor): Promise<string> {
  const value = (await getSettingValue(db, currencySettingKey))?.trim().toUpperCase();
  return value && /^[A-Z]{3}$/.test(value) ? value : defaultCurrency;
}

async function programRow(db: DbExecutor): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(commissionPlans).where(isNull(commissionPlans.partnerId));
  return row;
}

export async function getProgramPlan(db: DbExecutor): Promise<ProgramPlan> {
  const row = await programRow(db);
  return {
    plan: row ? toPlan(row) : defaultCommissionPlan,
    currency: await getCurrency(db),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

export async function setProgramPlan(db: Database, plan: CommissionPlan, actorId: number): Promise<ProgramPlan> {
  return db.transaction(async (tx) => {
    const before = await programRow(tx);
    if (before) await tx.update(commissionPlans).set(toColumns(plan)).where(eq(commissionPlans.id, before.id));
    else await tx.insert(commissionPlans).values({ partnerId: null, ...toColumns(plan) });
    await recordAudit(tx, {
      actorId,
      action: 'commission_plan.update',
      targetType: 'commission_plan',
      targetId: 'program',
      before: before ? toPlan(before) : null,
      after: plan,
    });
    return getProgramPlan(tx);
  });
}

/** Each partner's plan (their override, else the program plan). */
export async function effectivePlans(db: DbExecutor, partnerIds: readonly number[]): Promise<Map<number, CommissionPlan>> {
  const program = (await programRow(db)) ?? null;
  const fallback = program ? toPlan(program) : defaultCommissionPlan;
  const result = new Map<number, CommissionPlan>();
  for (const id of partnerIds) result.set(id, fallback);
  const ids = [...new Set(partnerIds)];
  for (let i = 0; i < ids.length; i += 5_000) {
    const rows = await db
      .select()
      .from(commissionPlans)
      .where(inArray(commissionPlans.partnerId, ids.slice(i, i + 5_000)));
    for (const row of rows) result.set(row.partnerId!, toPlan(row));
  }
  return result;
}

export async function effectivePlan(db: DbExecutor, partnerId: number): Promise<CommissionPlan> {
  return (await effectivePlans(db, [partnerId])).get(partnerId)!;
}

async function partnerExists(db: DbExecutor, partnerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, partnerId), eq(users.role, 'user')));
  return Boolean(row);
}

export async function getPartnerPlan(db: DbExecutor, partnerId: number): Promise<PartnerPlan> {
  if (!(await partnerExists(db, partnerId))) throw notFound(m.partnerNotFound);
  const program = await programRow(db);
  const [override] = await db.select().from(commissionPlans).where(eq(commissionPlans.partnerId, partnerId));
  const programPlan = program ? toPlan(program) : defaultCommissionPlan;
  const overridePlan = override ? toPlan(override) : null;
  return {
    partner_id: partnerId,
    program: programPlan,
    override: overridePlan,
    effective: overridePlan ?? programPlan,
    currency: await getCurrency(db),
  };
}

export async function setPartnerPlan(
  db: Database,
  partnerId: number,
  override: CommissionPlan | null,
  actorId: number,
): Promise<PartnerPlan> {
  return db.transaction(async (tx) => {
    const before = await getPartnerPlan(tx, partnerId);
    if (override === null) await tx.delete(commissionPlans).where(eq(commissionPlans.partnerId, partnerId));
    else if (before.override)
      await tx.update(commissionPlans).set(toColumns(override)).where(eq(commissionPlans.partnerId, partnerId));
    else await tx.insert(commissionPlans).values({ partnerId, ...toColumns(override) });
    await recordAudit(tx, {
      actorId,
      action: 'commission_plan.partner',
      targetType: 'user',
      targetId: partnerId,
      before: before.override,
      after: override,
    });
    return getPartnerPlan(tx, partnerId);
  });
}

/**
 * GET /commissions/terms: the terms the partner reads, written from the plan that pays them (their
 * override, else the program plan) at the moment they are asked for, plus the admin's optional
 * `Program Terms` addition. Nothing is stored, so a plan change shows on the next read.
 */
export async function getProgramTerms(db: DbExecutor, partnerId: number): Promise<ProgramTerms> {
  const [override] = await db
    .select({ id: commissionPlans.id })
    .from(commissionPlans)
    .where(eq(commissionPlans.partnerId, partnerId));
  const plan = await effectivePlan(db, partnerId);
  const currency = await getCurrency(db);
  const addition = (await getSettingValue(db, settingKeys.programTerms))?.trim() || null;
  return {
    currency,
    plan,
    is_override: Boolean(override),
    line: planTermsLine(plan, currency),
    terms: planTerms(plan, currency),
    addition,
  };
}
