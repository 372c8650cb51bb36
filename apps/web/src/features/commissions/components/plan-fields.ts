import { z } from 'zod';
import {
  commissionMessages,
  dollarsToCents,
  maxAmountCents,
  maxOverrideLevels,
  negativeNetPolicies,
  splitBases,
  splitFundings,
  teamMessages,
  type CommissionPlan,
} from '@portal/contract';

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
  // Issue 21: what each upline level earns on this partner's merchants, in percent.
  override_levels: z
    .array(
      z
        .object({
          rate: z
            .string()
            .trim()
            .regex(percentPattern, teamMessages.overRate)
            .refine((text) => Number(text) <= 100, teamMessages.overRate),
          // Optional: the last month the rate applies, and the rate from the month after.
          end_month: z
            .string()
            .trim()
            .regex(/^(\d{4}-(0[1-9]|1[0-2]))?$/, 'Use a month as YYYY-MM'),
          rate_after: z
            .string()
            .trim()
            .refine((text) => text === '' || (percentPattern.test(text) && Number(text) <= 100), teamMessages.overRate),
        })
        .superRefine((level, ctx) => {
          if (level.end_month && !level.rate_after)
            ctx.addIssue({ code: 'custom', path: ['rate_after'], message: teamMessages.endMonthNeedsRate });
        }),
    )
    .max(maxOverrideLevels, teamMessages.tooManyLevels),
  override_basis: z.enum(splitBases),
  override_funding: z.enum(splitFundings),
  // What the partner's own lines do on a negative net: passed on as a negative line, or floored at zero.
  negative_net: z.enum(negativeNetPolicies),
});
export type PlanFormValues = z.input<typeof planFormSchema>;

const centsToDollars = (cents: number) => (cents / 100).toFixed(2);
const bpsToPercent = (bps: number) => String(Number((bps / 100).toFixed(2)));
// "12.5" % → 1250 bp, exactly (two decimals at most).
const percentToBps = (text: string) => Math.round(Number(text) * 100);

export function planToForm(plan: CommissionPlan): PlanFormValues {
  return {
    bonus: centsToDollars(plan.bonus_cents),
    bonus_min_volume: centsToDollars(plan.bonus_min_volume_cents),
    clawback_days: String(plan.clawback_days),
    residual_share: bpsToPercent(plan.residual_share_bps),
    min_payout: centsToDollars(plan.min_payout_cents),
    override_levels: plan.override_levels.map((level) => ({
      rate: bpsToPercent(level.rate_bps),
      end_month: level.end_month ?? '',
      rate_after: level.rate_after_bps === null ? '' : bpsToPercent(level.rate_after_bps),
    })),
    override_basis: plan.override_basis,
    override_funding: plan.override_funding,
    negative_net: plan.negative_net,
  };
}

/** The form's terms over `base` (which keeps any term the form does not show). */
export function formToPlan(values: z.output<typeof planFormSchema>, base: CommissionPlan): CommissionPlan {
  return {
    ...base,
    bonus_cents: dollarsToCents(values.bonus) ?? 0,
    bonus_min_volume_cents: dollarsToCents(values.bonus_min_volume) ?? 0,
    clawback_days: Number(values.clawback_days),
    residual_share_bps: percentToBps(values.residual_share),
    min_payout_cents: dollarsToCents(values.min_payout) ?? 0,
    override_levels: values.override_levels.map((level) => ({
      rate_bps: percentToBps(level.rate),
      end_month: level.end_month || null,
      // A rate after means nothing without the month it starts after.
      rate_after_bps: level.end_month && level.rate_after ? percentToBps(level.rate_after) : null,
    })),
    override_basis: values.override_basis,
    override_funding: values.override_funding,
    negative_net: values.negative_net,
  };
}

/** The plan's fields as the server names them in a 400's `errors`, and the form field each lands on. */
export const planFieldKeys: Record<Exclude<keyof PlanFormValues, 'override_levels'>, keyof CommissionPlan> = {
  bonus: 'bonus_cents',
  bonus_min_volume: 'bonus_min_volume_cents',
  clawback_days: 'clawback_days',
  residual_share: 'residual_share_bps',
  min_payout: 'min_payout_cents',
  override_basis: 'override_basis',
  override_funding: 'override_funding',
  negative_net: 'negative_net',
};

const levelFields = { rate_bps: 'rate', end_month: 'end_month', rate_after_bps: 'rate_after' } as const;

/** `override_levels.1.rate_bps` (the server's key) → `override_levels.1.rate`, and so on; else null. */
export function levelField(serverKey: string): `override_levels.${number}.${'rate' | 'end_month' | 'rate_after'}` | null {
  const match = /^override_levels\.(\d+)\.(rate_bps|end_month|rate_after_bps)$/.exec(serverKey);
  if (!match) return null;
  return `override_levels.${Number(match[1])}.${levelFields[match[2] as keyof typeof levelFields]}`;
}
