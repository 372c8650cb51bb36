import { z } from 'zod';
import { commissionMessages, dollarsToCents, maxAmountCents, type CommissionPlan } from '@portal/contract';

/** Dollars and percent as an admin types them; converted to cents and basis points on submit. */
const dollars = z
  .string()
  .trim()
  .min(1, commissionMessages.amountRequired)
  .refine((text) => {
    const cents = dollarsToCents(text);
    return cents !== null && cents >= 0;
  }, commissionMessages.amountInvalid)
  .refine((text) => (dollarsToCents(text) ?? 0) <= maxAmountCents, commissionMessages.amountTooLarge);

const percentPattern = /^\d{1,3}(\.\d{1,2})?$/;

export const planFormSchema = z.object({
  bonus: dollars,
  bonus_min_volume: dollars,
  clawback_days: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, commissionMessages.daysInvalid)
    .refine((text) => Number(text) <= 3650, commissionMessages.daysInvalid),
  residual_share: z
    .string()
    .trim()
    .regex(percentPattern, commissionMessages.bpsInvalid)
    .refine((text) => Number(text) <= 100, commissionMessages.bpsInvalid),
  min_payout: dollars,
});
export type PlanFormValues = z.input<typeof planFormSchema>;

const centsToDollars = (cents: number) => (cents / 100).toFixed(2);

export function planToForm(plan: CommissionPlan): PlanFormValues {
  return {
    bonus: centsToDollars(plan.bonus_cents),
    bonus_min_volume: centsToDollars(plan.bonus_min_volume_cents),
    clawback_days: String(plan.clawback_days),
    residual_share: String(Number((plan.residual_share_bps / 100).toFixed(2))),
    min_payout: centsToDollars(plan.min_payout_cents),
  };
}

/** The form's five terms over `base`, whose override terms (issue 21) the form does not edit. */
export function formToPlan(values: z.output<typeof planFormSchema>, base: CommissionPlan): CommissionPlan {
  return {
    ...base,
    bonus_cents: dollarsToCents(values.bonus) ?? 0,
    bonus_min_volume_cents: dollarsToCents(values.bonus_min_volume) ?? 0,
    clawback_days: Number(values.clawback_days),
    // "12.5" % → 1250 bp, exactly (two decimals at most).
    residual_share_bps: Math.round(Number(values.residual_share) * 100),
    min_payout_cents: dollarsToCents(values.min_payout) ?? 0,
  };
}

export const planFieldKeys: Record<keyof PlanFormValues, keyof CommissionPlan> = {
  bonus: 'bonus_cents',
  bonus_min_volume: 'bonus_min_volume_cents',
  clawback_days: 'clawback_days',
  residual_share: 'residual_share_bps',
  min_payout: 'min_payout_cents',
};
