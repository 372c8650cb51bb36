import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { isoDay, maxRowId } from '../paging';
import { monthField } from './months';
import { lineStatuses, paymentMethods, statementStatuses } from './statuses';
import { commissionMessages } from './messages';
import { commissionPlanSchema } from './plan';
import { splitBases } from './splits';
import { earningsTotalsSchema, nextStatementSchema } from './earnings';

// Commissions: statements.

export const statementSummarySchema = z.object({
  id: z.string(),
  partner_id: z.number(),
  partner_name: z.string(),
  partner_email: z.string(),
  month: z.string(),
  status: z.enum(statementStatuses),
  /** Merchants with a residual on the statement. */
  merchants: z.number(),
  volume_cents: z.number(),
  residual_cents: z.number(),
  /** Bonuses less clawbacks. */
  bonus_cents: z.number(),
  adjustment_cents: z.number(),
  /** Issue 21: overrides on the team's merchants (part of the total). */
  override_cents: z.number(),
  total_cents: z.number(),
  currency: z.string(),
  published_at: z.string().nullable(),
  paid_on: z.string().nullable(),
  paid_method: z.enum(paymentMethods).nullable(),
  paid_reference: z.string().nullable(),
  /**
   * Issue 22: why this published statement is held (its partner's payout details are not Ready, or a
   * bank change holds one payout), worded for the reader; null when nothing holds it. It rolls forward
   * into the next batch once the hold ends.
   */
  held: z.string().nullable(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const statementMerchantSchema = z.object({
  line_id: z.string(),
  merchant_account_id: z.string().nullable(),
  business: z.string(),
  mid_last4: z.string(),
  /** The report month of the residual (earlier months appear when a small total rolled over). */
  month: z.string(),
  volume_cents: z.number(),
  transactions: z.number().nullable(),
  net_revenue_cents: z.number(),
  share_bps: z.number(),
  residual_cents: z.number(),
  status: z.enum(lineStatuses),
});
export const statementBonusSchema = z.object({
  line_id: z.string(),
  kind: z.enum(['bonus', 'clawback']),
  merchant_account_id: z.string().nullable(),
  business: z.string().nullable(),
  mid_last4: z.string().nullable(),
  approved_on: z.string().nullable(),
  description: z.string().nullable(),
  amount_cents: z.number(),
  status: z.enum(lineStatuses),
  reason: z.string().nullable(),
});
export const statementAdjustmentSchema = z.object({
  line_id: z.string(),
  month: z.string(),
  description: z.string(),
  amount_cents: z.number(),
  status: z.enum(lineStatuses),
});
/** Issue 21: an override on a team member's merchant (the member's name, or "Team member" if hidden). */
export const statementOverrideSchema = z.object({
  line_id: z.string(),
  month: z.string(),
  member: z.string(),
  mid_last4: z.string(),
  level: z.number(),
  basis: z.enum(splitBases),
  rate_bps: z.number(),
  net_revenue_cents: z.number(),
  amount_cents: z.number(),
  status: z.enum(lineStatuses),
});
export type StatementOverride = z.infer<typeof statementOverrideSchema>;
export const statementTotalsSchema = z.object({
  volume_cents: z.number(),
  residual_cents: z.number(),
  bonus_cents: z.number(),
  adjustment_cents: z.number(),
  override_cents: z.number(),
  /** The sum of every line's amount. */
  total_cents: z.number(),
});
export type StatementTotals = z.infer<typeof statementTotalsSchema>;

export const statementDetailSchema = z.object({
  statement: statementSummarySchema,
  plan: commissionPlanSchema,
  merchants: z.array(statementMerchantSchema),
  bonuses: z.array(statementBonusSchema),
  adjustments: z.array(statementAdjustmentSchema),
  overrides: z.array(statementOverrideSchema),
  totals: statementTotalsSchema,
  /** "Residuals for {month} are paid in {month+1}". */
  note: z.string(),
});
export type StatementDetail = z.infer<typeof statementDetailSchema>;
export const statementDetailResponse = successEnvelope(statementDetailSchema);

/** GET /commissions/statements: the partner's published and paid statements, newest first. */
export const partnerStatementsResponse = successEnvelope(z.object({ items: z.array(statementSummarySchema) }));

/** GET /admin/statements?month=&status=&partner_id= */
export const adminStatementsQuery = z.object({
  month: monthField.optional(),
  status: z.enum(statementStatuses).optional(),
  partner_id: z.coerce.number().int().positive().max(maxRowId).optional(),
});
export type AdminStatementsQuery = z.input<typeof adminStatementsQuery>;
export const adminStatementsSchema = z.object({
  items: z.array(statementSummarySchema),
  totals: statementTotalsSchema,
  /** Partners whose approved lines up to the month stay below their minimum payout (no statement yet). */
  rolled_over: z.array(
    z.object({ partner_id: z.number(), partner_name: z.string(), total_cents: z.number(), min_payout_cents: z.number() }),
  ),
});
export type AdminStatements = z.infer<typeof adminStatementsSchema>;
export const adminStatementsResponse = successEnvelope(adminStatementsSchema);

export const statementIdsField = z
  .array(z.uuid(), { error: commissionMessages.selectStatements })
  .min(1, commissionMessages.selectStatements)
  .max(500, commissionMessages.tooManyStatements);

/** POST /admin/statements/publish: publish drafts and mail each partner (once). */
export const publishStatementsRequest = z.object({ statement_ids: statementIdsField });
export type PublishStatementsRequest = z.input<typeof publishStatementsRequest>;

/** POST /admin/statements/paid: mark published statements (and their lines) paid. */
export const markPaidRequest = z.object({
  statement_ids: statementIdsField,
  paid_on: z.string({ error: commissionMessages.paidDateRequired }).min(1, commissionMessages.paidDateRequired).pipe(isoDay),
  method: z.enum(paymentMethods, { error: commissionMessages.methodRequired }),
  reference: z
    .string({ error: commissionMessages.referenceRequired })
    .trim()
    .min(1, commissionMessages.referenceRequired)
    .max(100, commissionMessages.referenceTooLong),
});
export type MarkPaidRequest = z.input<typeof markPaidRequest>;

/** Bulk answers: one result per statement, like the pipeline's bulk moves. */
export const statementBulkResponse = successEnvelope(
  z.object({ results: z.array(z.object({ id: z.string(), ok: z.boolean(), message: z.string().optional() })) }),
);

/** GET /admin/commissions/totals?from=&to= (and `.csv`): all partners' totals per month. */
export const monthlyTotalsQuery = z.object({ from: monthField.optional(), to: monthField.optional() });
export const monthlyTotalSchema = z.object({
  month: z.string(),
  statements: z.number(),
  partners: z.number(),
  volume_cents: z.number(),
  residual_cents: z.number(),
  bonus_cents: z.number(),
  adjustment_cents: z.number(),
  total_cents: z.number(),
  paid_cents: z.number(),
});
export type MonthlyTotal = z.infer<typeof monthlyTotalSchema>;
export const monthlyTotalsResponse = successEnvelope(z.object({ items: z.array(monthlyTotalSchema), currency: z.string() }));

// ---------------------------------------------------------------------------------------------
// Partner summary

export const commissionSummarySchema = z.object({
  currency: z.string(),
  year: z.number(),
  /** Lines paid this calendar year (by payment date). */
  paid_this_year_cents: z.number(),
  /** Approved lines not yet paid (on a statement, or rolling over below the minimum payout). */
  approved_unpaid_cents: z.number(),
  /** Pending lines (bonuses waiting for volume). */
  pending_cents: z.number(),
  /** Merchants with a residual on the last published statement. */
  active_merchants: z.number(),
  last_statement: z
    .object({ id: z.string(), month: z.string(), total_cents: z.number(), status: z.enum(statementStatuses) })
    .nullable(),
  /** The last 12 months, oldest first, from published and paid statements. */
  /** `residual_cents` includes `override_cents`, the overrides on the team's merchants (issue 21). */
  series: z.array(
    z.object({ month: z.string(), bonus_cents: z.number(), residual_cents: z.number(), override_cents: z.number().default(0) }),
  ),
  /** The partner's external compensation link, or null (the screen then shows the spec's alert). */
  compensation_link: z.string().nullable(),
  /** This month so far, pending bonuses, approved and paid: the same figures the admin home sums. */
  earnings: earningsTotalsSchema,
  next_statement: nextStatementSchema,
});
export type CommissionSummary = z.infer<typeof commissionSummarySchema>;
export const commissionSummaryResponse = successEnvelope(commissionSummarySchema);

/** Columns of a statement's CSV download (one row per line, then a Total row). */
export const statementCsvColumns = [
  'Section',
  'Month',
  'Business',
  'MID (last 4)',
  'Volume',
  'Transactions',
  'Net revenue',
  'Share',
  'Description',
  'Status',
  'Amount',
] as const;
/** Columns of the all-partners totals CSV. */
export const monthlyTotalsCsvColumns = [
  'Month',
  'Statements',
  'Partners',
  'Volume',
  'Residual',
  'Bonus',
  'Adjustments',
  'Total',
  'Paid',
] as const;

/** The last four characters of a MID, as partners see it. */
export function midLast4(mid: string): string {
  return mid.slice(-4);
}
