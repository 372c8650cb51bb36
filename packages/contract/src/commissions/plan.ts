import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { maxAmountCents, maxBps } from './money';
import { commissionMessages } from './messages';

// Commissions: plan.

const centsField = (label: string) =>
  z
    .number({ error: `${label}: ${commissionMessages.amountRequired}` })
    .int(commissionMessages.amountInvalid)
    .min(0, commissionMessages.amountInvalid)
    .max(maxAmountCents, commissionMessages.amountTooLarge);

export const commissionPlanSchema = z.object({
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
});
export type CommissionPlan = z.infer<typeof commissionPlanSchema>;

/** The program plan until an admin saves one. */
export const defaultCommissionPlan: CommissionPlan = {
  bonus_cents: 20_000,
  bonus_min_volume_cents: 500_000,
  clawback_days: 365,
  residual_share_bps: 2_000,
  min_payout_cents: 2_500,
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
