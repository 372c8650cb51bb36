import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { formatBps, formatCents } from './money';
import { commissionPlanSchema, type CommissionPlan } from './plan';

// Commissions: the terms a partner reads, written from the plan that pays them (issue 23 §2).

/**
 * The plan in words, one sentence each: the only text that states the program's amounts, so the
 * terms a partner reads cannot promise anything the plan does not pay.
 */
export function planTerms(plan: CommissionPlan, currency?: string): string[] {
  const money = (cents: number) => formatCents(cents, currency);
  const terms: string[] = [];
  if (plan.bonus_cents > 0) {
    terms.push(
      plan.bonus_min_volume_cents > 0
        ? `${money(plan.bonus_cents)} bonus for each approved merchant, earned once it has processed ${money(plan.bonus_min_volume_cents)}.`
        : `${money(plan.bonus_cents)} bonus for each approved merchant.`,
    );
  }
  if (plan.residual_share_bps > 0) {
    terms.push(`${formatBps(plan.residual_share_bps)} of each merchant's monthly net revenue, for as long as it processes.`);
  }
  // Team overrides (issue 21): what this partner earns on the merchants of their team, level by level.
  const overrideBase = {
    share_of_net: "of each team member's merchant's monthly net revenue",
    pay_order: "of what is left of each team member's merchant's net after the levels below you",
    downline_share: "of your team member's own residual on each merchant",
  }[plan.override_basis];
  plan.override_levels.forEach((level, i) => {
    if (level.rate_bps <= 0 && !level.rate_after_bps) return;
    const who = i === 0 ? 'partners you recruit' : `level ${i + 1} of your team`;
    const until = level.end_month ? ` until ${level.end_month}, then ${formatBps(level.rate_after_bps ?? 0)}` : '';
    terms.push(`Team override: ${formatBps(level.rate_bps)}${until} ${overrideBase}, for ${who}.`);
  });
  if (plan.bonus_cents > 0 && plan.clawback_days > 0) {
    terms.push(`The bonus is reversed if the merchant closes within ${plan.clawback_days} days of approval.`);
  }
  terms.push(
    plan.min_payout_cents > 0
      ? `Paid monthly once your balance reaches ${money(plan.min_payout_cents)}; a smaller balance rolls into the next month.`
      : 'Paid monthly.',
  );
  return terms;
}

/** The terms on one line (the share kit): the amounts only. */
export function planTermsLine(plan: CommissionPlan, currency?: string): string {
  const money = (cents: number) => formatCents(cents, currency);
  const parts: string[] = [];
  if (plan.bonus_cents > 0) parts.push(`${money(plan.bonus_cents)} per approved merchant`);
  if (plan.residual_share_bps > 0)
    parts.push(`${formatBps(plan.residual_share_bps)} of its monthly net revenue while it processes`);
  return parts.length ? parts.join(' + ') : 'No commission is set for your account yet';
}

/** GET /commissions/terms: the partner's terms (their override, else the program plan) and the admin's addition. */
export const programTermsSchema = z.object({
  currency: z.string(),
  plan: commissionPlanSchema,
  /** True when the partner has a plan of their own. */
  is_override: z.boolean(),
  /** `planTermsLine(plan)` and `planTerms(plan)`. */
  line: z.string(),
  terms: z.array(z.string()),
  /** The `Program Terms` setting: the admin's optional free-text addition, or null. */
  addition: z.string().nullable(),
});
export type ProgramTerms = z.infer<typeof programTermsSchema>;
export const programTermsResponse = successEnvelope(programTermsSchema);
