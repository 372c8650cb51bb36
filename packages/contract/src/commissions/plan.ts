import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { maxAmountCents, maxBps } from './money';
import { commissionMessages } from './messages';
import { monthPattern } from './months';
import { maxOverrideLevels, maxPayoutBps, negativeNetPolicies, splitBases, splitFundings } from './splits';
import { teamMessages } from './team-messages';

// Commissions: plan.

const overrideRate = z
  .number({ error: teamMessages.overRate })
  .int(teamMessages.overRate)
  .min(0, teamMessages.overRate)
  .max(maxBps, teamMessages.overRate);

/** One upline level's override (issue 21): its rate, and optionally the month it ends and the rate after. */
export const overrideLevelSchema = z
  .object({
    rate_bps: overrideRate,
    end_month: z.string().trim().regex(monthPattern, 'Use a month as YYYY-MM').nullable().default(null),
    rate_after_bps: overrideRate.nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (value.end_month && value.rate_after_bps === null)
      ctx.addIssue({ code: 'custom', path: ['rate_after_bps'], message: teamMessages.endMonthNeedsRate });
  });
export type OverrideLevel = z.infer<typeof overrideLevelSchema>;

/**
 * The override part of a plan (issue 21), every field defaulted so plans saved before it stay valid:
 * `override_levels[0]` is what the partner's upline earns on the partner's merchants, `[1]` the level
 * above. Read from the beneficiary's plan (a partner's override may set its own rates and basis).
 */
function overrideFields() {
  return {
    override_levels: z.array(overrideLevelSchema).max(maxOverrideLevels, teamMessages.tooManyLevels).default([]),
    override_basis: z.enum(splitBases).default('share_of_net'),
    override_funding: z.enum(splitFundings).default('house'),
    /** What this partner's own lines do on a negative net. */
    negative_net: z.enum(negativeNetPolicies).default('pass_through'),
  };
}

/** A plan whose residual share and override rates together could pay out more than the net is refused. */
function refuseOverpayingPlan(
  plan: {
    residual_share_bps: number;
    override_levels: OverrideLevel[];
    override_basis: (typeof splitBases)[number];
    override_funding: (typeof splitFundings)[number];
  },
  ctx: z.RefinementCtx,
) {
  const chain = [
    { level: 0, rateBps: plan.residual_share_bps, rateAfterBps: null, basis: 'share_of_net' as const, funding: 'house' as const },
    ...plan.override_levels.map((l, i) => ({
      level: i + 1,
      rateBps: l.rate_bps,
      rateAfterBps: l.rate_after_bps,
      basis: plan.override_basis,
      funding: plan.override_funding,
    })),
  ];
  for (let n = 1; n <= chain.length; n++) {
    const max = maxPayoutBps(chain.slice(0, n));
    if (max > maxBps + 1e-6) {
      const path = n === 1 ? ['residual_share_bps'] : ['override_levels', n - 2, 'rate_bps'];
      ctx.addIssue({ code: 'custom', path, message: teamMessages.overridesPayTooMuch(max) });
      return;
    }
  }
}

const centsField = (label: string) =>
  z
    .number({ error: `${label}: ${commissionMessages.amountRequired}` })
    .int(commissionMessages.amountInvalid)
    .min(0, commissionMessages.amountInvalid)
    .max(maxAmountCents, commissionMessages.amountTooLarge);

export const commissionPlanSchema = z
  .object({
    /** One-time bonus per approved merchant. */
    bonus_cents: centsField('Bonus'),
    /** Imported volume the merchant must reach (inclusive) before the bonus is earned. */
    bonus_min_volume_cents: centsField('Minimum volume'),
    /** A merchant closed within this many days of approval (the last day included) reverses the bonus. */
    clawback_days: z
      .number({ error: commissionMessages.daysInvalid })
      .int(commissionMessages.daysInvalid)
      .min(0, commissionMessages.daysInvalid)
      .max(3650, commissionMessages.daysInvalid),
    /** The partner's share of each merchant's monthly net revenue. */
    residual_share_bps: z
      .number({ error: commissionMessages.bpsInvalid })
      .int(commissionMessages.bpsInvalid)
      .min(0, commissionMessages.bpsInvalid)
      .max(maxBps, commissionMessages.bpsInvalid),
    /** A statement total below this rolls into the next month's statement. */
    min_payout_cents: centsField('Minimum payout'),
    ...overrideFields(),
  })
  .superRefine(refuseOverpayingPlan);
export type CommissionPlan = z.infer<typeof commissionPlanSchema>;

/** The program plan until an admin saves one. */
export const defaultCommissionPlan: CommissionPlan = {
  bonus_cents: 20_000,
  bonus_min_volume_cents: 500_000,
  clawback_days: 365,
  residual_share_bps: 2_000,
  min_payout_cents: 2_500,
  override_levels: [],
  override_basis: 'share_of_net',
  override_funding: 'house',
  negative_net: 'pass_through',
};

/** GET|PUT /admin/commission-plan */
export const programPlanSchema = z.object({
  plan: commissionPlanSchema,
  currency: z.string(),
  updated_at: z.string().nullable(),
});
export type ProgramPlan = z.infer<typeof programPlanSchema>;
export const programPlanResponse = successEnvelope(programPlanSchema);

/** PUT /admin/users/{id}/commission-plan: the partner's override, or null to use the program plan. */
export const partnerPlanRequest = z.object({ override: commissionPlanSchema.nullable() });
export type PartnerPlanRequest = z.infer<typeof partnerPlanRequest>;
/** GET|PUT /admin/users/{id}/commission-plan */
export const partnerPlanSchema = z.object({
  partner_id: z.number(),
  program: commissionPlanSchema,
  override: commissionPlanSchema.nullable(),
  /** The plan that applies: the override when set, else the program plan. */
  effective: commissionPlanSchema,
  currency: z.string(),
});
export type PartnerPlan = z.infer<typeof partnerPlanSchema>;
export const partnerPlanResponse = successEnvelope(partnerPlanSchema);
