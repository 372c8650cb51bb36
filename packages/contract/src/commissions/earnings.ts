import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { lineStatuses } from './statuses';

// Commissions: earnings at a glance (the partner dashboard, the admin home, a referral).

/**
 * The money figures of one partner (or of every partner, for the admin home), all sums of
 * commission lines counted by one query (`earningsTotals` on the server), so the dashboard, My
 * Commissions and the admin home cannot disagree.
 */
export const earningsTotalsSchema = z.object({
  currency: z.string(),
  /** The current month, `YYYY-MM` (UTC). */
  month: z.string(),
  year: z.number(),
  /** Approved and paid lines of the current month: bonuses earned and residuals reported for it so far. */
  this_month_cents: z.number(),
  /** Bonuses of approved referrals still waiting for the merchant's volume. */
  pending_bonus_cents: z.number(),
  pending_bonus_count: z.number(),
  /** Approved lines not yet paid (on a statement or rolling over below the minimum payout). */
  approved_unpaid_cents: z.number(),
  /** The part of `approved_unpaid_cents` already on a published statement. */
  published_unpaid_cents: z.number(),
  /** Lines paid this month and this calendar year, by payment date. */
  paid_this_month_cents: z.number(),
  paid_this_year_cents: z.number(),
});
export type EarningsTotals = z.infer<typeof earningsTotalsSchema>;

/** The statement a partner can expect next: the current month's, published the month after. */
export const nextStatementSchema = z.object({
  /** The month the statement covers. */
  month: z.string(),
  /** The month it is published in (residuals for a month are paid in the next). */
  published_in: z.string(),
});
export type NextStatement = z.infer<typeof nextStatementSchema>;

/** GET /admin/commissions/earnings: what every partner is owed and what was paid. */
export const adminEarningsResponse = successEnvelope(earningsTotalsSchema);

/**
 * GET /commissions/referrals/{id}/earnings: what one referral of the partner earned or will earn.
 * `merchant` is null until the referral is an approved merchant.
 */
export const referralEarningsSchema = z.object({
  currency: z.string(),
  merchant: z
    .object({
      approved_on: z.string(),
      status: z.enum(['active', 'closed']),
      /** Imported volume so far, and the volume that earns the bonus. */
      volume_cents: z.number(),
      bonus_min_volume_cents: z.number(),
      /** The automatic bonus: null when the plan paid none. */
      bonus: z.object({ amount_cents: z.number(), status: z.enum(lineStatuses) }).nullable(),
      /** Residual lines so far (not void), and the plan's share of monthly net revenue. */
      residual_cents: z.number(),
      residual_months: z.number(),
      residual_share_bps: z.number(),
      /** Everything earned from this merchant (bonus, residuals, clawback), paid or not, not void or pending. */
      earned_cents: z.number(),
      paid_cents: z.number(),
    })
    .nullable(),
});
export type ReferralEarnings = z.infer<typeof referralEarningsSchema>;
export const referralEarningsResponse = successEnvelope(referralEarningsSchema);
