import { z } from 'zod';
import { successEnvelope } from './envelope';
import { isoDay, maxRowId } from './paging';

/*
 * Commissions (issue 11): bonuses, monthly residuals and statements.
 *
 * Money is integer cents, rates are basis points (1 bp = 0.01 %), a line is rounded half up to the
 * cent exactly once (when it is made), and every total is the sum of its lines' stored amounts.
 */

// ---------------------------------------------------------------------------------------------
// Money

/** The setting that names the currency of every amount (ISO 4217); USD when unset. */
export const currencySettingKey = 'Currency';
export const defaultCurrency = 'USD';

/** The largest amount a line or a plan may hold: $10,000,000,000.00 in cents (safe in a JS number). */
export const maxAmountCents = 1_000_000_000_000;
export const maxBps = 10_000;

/**
 * `numerator / denominator` rounded half up (half away from zero, so a negative line mirrors its
 * positive twin) to an integer. Exact for any safe integers: the division runs on BigInt.
 */
export function divideRoundHalfUp(numerator: number | bigint, denominator: number | bigint): number {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  if (d === 0n) throw new RangeError('division by zero');
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  let q = an / ad;
  if ((an % ad) * 2n >= ad) q += 1n;
  return Number(negative ? -q : q);
}

/** A share of an amount in basis points, rounded half up to the cent: `cents × bps / 10,000`. */
export function shareOfCents(cents: number, bps: number): number {
  return divideRoundHalfUp(BigInt(cents) * BigInt(bps), 10_000n);
}

/** The sum of stored line amounts (never a recomputation). */
export function sumCents(amounts: readonly number[]): number {
  let total = 0;
  for (const amount of amounts) total += amount;
  return total;
}

/**
 * A processor report's money cell in cents, or null when it is not a number. Accepts `1234.5`,
 * `1,234.56`, `$1,234.56`, `-12.30`, `(12.30)` (negative), ` 12 `; more than two decimals are rounded
 * half up to the cent once. An empty cell is null too (the caller decides whether that is allowed).
 */
export function parseMoneyCents(raw: string): number | null {
  let text = raw.trim();
  if (!text) return null;
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1).trim();
  } else if (text.startsWith('+')) text = text.slice(1).trim();
  text = text.replace(/^[$€£]\s*/, '');
  if (/,/.test(text)) {
    if (!/^\d{1,3}(,\d{3})*(\.\d*)?$/.test(text)) return null;
    text = text.replace(/,/g, '');
  }
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (!match[1] && !match[2])) return null;
  const whole = match[1] || '0';
  const fraction = match[2] ?? '';
  // Fast path (most cells): at most two decimals and well inside the safe integer range.
  if (fraction.length <= 2 && whole.length <= 13) {
    const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    if (cents > maxAmountCents) return null;
    return negative && cents !== 0 ? -cents : cents;
  }
  const scale = 10n ** BigInt(fraction.length);
  const units = BigInt(whole) * scale + BigInt(fraction || '0');
  const cents = divideRoundHalfUp(units * 100n, scale);
  if (cents > maxAmountCents) return null;
  return negative && cents !== 0 ? -cents : cents;
}

/** A count cell (transactions): a whole number, thousands separators allowed; null otherwise. */
export function parseCount(raw: string): number | null {
  const text = raw.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d{1,12}$/.test(text)) return null;
  return Number(text);
}

/** `12345` → `$123.45` (or the currency's own form); negatives as `-$123.45`. */
export function formatCents(cents: number, currency: string = defaultCurrency): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}

/** `2000` → `20%`, `1250` → `12.5%`. */
export function formatBps(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

/** A money field typed in dollars (`123.45`) to cents, or null when it is not an amount. */
export function dollarsToCents(text: string): number | null {
  return parseMoneyCents(text);
}

// ---------------------------------------------------------------------------------------------
// Months (`YYYY-MM`)

export const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthField = z.string({ error: 'Month is required' }).trim().regex(monthPattern, 'Use a month as YYYY-MM');
export type Month = string;

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** `2026-10` → `October 2026`. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  return `${monthNames[Number(m) - 1] ?? m} ${year}`;
}

/** `2026-12` → `2027-01`; a negative step goes back. */
export function addMonths(month: string, step: number): string {
  const [year, m] = month.split('-').map(Number);
  const index = year! * 12 + (m! - 1) + step;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month of a date (UTC). */
export function monthOf(date: Date | string): string {
  const at = typeof date === 'string' ? new Date(date) : date;
  return at.toISOString().slice(0, 7);
}

// ---------------------------------------------------------------------------------------------
// Kinds and statuses

export const lineKinds = ['bonus', 'residual', 'adjustment', 'clawback'] as const;
export type LineKind = (typeof lineKinds)[number];
export const lineKindLabels: Record<LineKind, string> = {
  bonus: 'Bonus',
  residual: 'Residual',
  adjustment: 'Adjustment',
  clawback: 'Clawback',
};

export const lineStatuses = ['pending', 'approved', 'paid', 'void', 'on_hold'] as const;
export type LineStatus = (typeof lineStatuses)[number];
export const lineStatusLabels: Record<LineStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  paid: 'Paid',
  void: 'Void',
  on_hold: 'On hold',
};
/** What each status means to a partner (tooltips and the statement legend). */
export const lineStatusDescriptions: Record<LineStatus, string> = {
  pending: 'Waiting for the merchant to reach the minimum volume, or for the month to be approved',
  approved: 'Approved and waiting for payment',
  paid: 'Paid',
  void: 'Cancelled; the reason is shown with the line',
  on_hold: 'On hold; the reason is shown with the line',
};

export const statementStatuses = ['draft', 'published', 'paid'] as const;
export type StatementStatus = (typeof statementStatuses)[number];
export const statementStatusLabels: Record<StatementStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  paid: 'Paid',
};

export const merchantStatuses = ['active', 'closed'] as const;
export type MerchantStatus = (typeof merchantStatuses)[number];

export const importStatuses = ['draft', 'committed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

export const paymentMethods = ['ach', 'wire', 'check', 'paypal', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  ach: 'ACH transfer',
  wire: 'Wire transfer',
  check: 'Check',
  paypal: 'PayPal',
  other: 'Other',
};

// ---------------------------------------------------------------------------------------------
// Messages (every user-facing string of commissions; never retype one elsewhere)

export const commissionMessages = {
  statementReadySubject: (month: string) => `Your statement for ${monthLabel(month)} is ready`,
  statementReadyBody: (month: string, total: string) =>
    `Your commission statement for ${monthLabel(month)} is ready: ${total}. Open My Commissions to see each merchant, bonus and adjustment.`,
  residualsPaidNote: (month: string) => `Residuals for ${monthLabel(month)} are paid in ${monthLabel(addMonths(month, 1))}`,
  noEarningsTitle: 'No earnings yet',
  noEarningsBody:
    'You earn a bonus when a merchant you referred is approved and processing, and a monthly residual while they process.',
  noStatements: 'No statements yet',
  // plan
  planSaved: 'Commission plan saved',
  overrideSaved: 'Partner commission plan saved',
  overrideRemoved: 'Partner now uses the program plan',
  amountRequired: 'Amount is required',
  amountInvalid: 'Enter an amount in dollars and cents, such as 125.00',
  amountNotZero: 'Amount cannot be zero',
  amountTooLarge: 'Amount is too large',
  bpsInvalid: 'Enter a share between 0% and 100%',
  daysInvalid: 'Enter a whole number of days between 0 and 3650',
  // lines
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'Description must be at most 500 characters',
  partnerRequired: 'Please choose a partner',
  partnerNotFound: 'Partner not found',
  lineAdded: 'Line added',
  lineUpdated: 'Line updated',
  lineNotFound: 'Line not found',
  reasonRequired: 'Reason is required',
  paidLineImmutable: 'A paid line cannot be changed. Add an adjustment to a later statement instead.',
  lineOnPublishedStatement: 'This line is on a published statement. Add an adjustment to a later statement instead.',
  // import
  fileRequired: 'Please choose a CSV file to upload',
  fileTooLarge: 'File is larger than 20 MB',
  notCsv: 'This file is not a CSV. Export the residual report as CSV (comma-separated values) and upload it again.',
  wrongEncoding: 'This file is not UTF-8 text. Export the report as CSV (UTF-8) and upload it again.',
  emptyFile: 'This file has a header row but no merchant rows',
  noHeader: 'This file is empty',
  csvMalformed: (row: number, detail: string) => `Row ${row} cannot be read: ${detail}`,
  processorRequired: 'Processor is required',
  processorTooLong: 'Processor must be at most 60 characters',
  mappingRequired: 'Map the columns for this processor first',
  mappingInvalid: 'The column mapping is not valid',
  mappingColumnRequired: (label: string) => `Choose the column that holds ${label}`,
  missingColumn: (label: string, header: string) => `The file has no column "${header}" (mapped to ${label})`,
  notANumber: (row: number, column: string, value: string) => `Row ${row}, column "${column}": "${value}" is not a number`,
  midMissing: (row: number, column: string) => `Row ${row}, column "${column}": the Merchant ID is empty`,
  duplicateMid: (mid: string, rows: readonly number[]) => `Merchant ID ${mid} appears on rows ${rows.join(', ')}`,
  importHasErrors: 'Fix the errors in the file and upload it again before committing',
  importHasDuplicates: 'The file lists a Merchant ID more than once; fix the file and upload it again',
  importNotFound: 'Import not found',
  importAlreadyCommitted: 'This import is already committed',
  importSuperseded: 'A newer upload for this month and processor exists; commit that one',
  importPublished: (month: string) =>
    `Statements for ${monthLabel(month)} are already published, so this import cannot be replaced. Add an adjustment instead.`,
  residualExists: (mid: string, month: string) =>
    `Merchant ID ${mid} already has a residual for ${monthLabel(month)} from another processor's report`,
  importCommitted: (lines: number) => `Import committed: ${lines} residual line${lines === 1 ? '' : 's'}`,
  // unmatched
  midAssigned: 'Merchant assigned to the partner',
  midIgnored: 'Merchant ID ignored',
  midAlreadyAssigned: 'This Merchant ID already belongs to a merchant account',
  midNotFound: 'This Merchant ID is not in any uploaded report',
  // statements
  statementNotFound: 'Statement not found',
  statementsPublished: (n: number) => `${n} statement${n === 1 ? '' : 's'} published`,
  statementsPaid: (n: number) => `${n} statement${n === 1 ? '' : 's'} marked paid`,
  notDraft: 'Only a draft statement can be published',
  notPublished: 'Only a published statement can be marked paid',
  paidDateRequired: 'Payment date is required',
  paidDateFuture: 'Payment date cannot be in the future',
  methodRequired: 'Please choose a payment method',
  referenceRequired: 'Reference is required',
  referenceTooLong: 'Reference must be at most 100 characters',
  selectStatements: 'Select at least one statement',
  tooManyStatements: 'Select at most 500 statements at a time',
  belowMinimum: (minimum: string) => `Below the minimum payout of ${minimum}; rolls into the next statement`,
  // merchants
  merchantNotFound: 'Merchant account not found',
  merchantClosed: 'Merchant account closed',
  closedDateBeforeApproval: 'The closing date cannot be before the approval date',
} as const;

// ---------------------------------------------------------------------------------------------
// Plan

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

// ---------------------------------------------------------------------------------------------
// Lines

export const commissionLineSchema = z.object({
  id: z.string(),
  partner_id: z.number(),
  merchant_account_id: z.string().nullable(),
  business: z.string().nullable(),
  /** Last four characters of the MID (partners never see the whole MID). */
  mid_last4: z.string().nullable(),
  kind: z.enum(lineKinds),
  status: z.enum(lineStatuses),
  /** Why a line is void or on hold. */
  reason: z.string().nullable(),
  month: z.string(),
  amount_cents: z.number(),
  volume_cents: z.number().nullable(),
  transactions: z.number().nullable(),
  net_revenue_cents: z.number().nullable(),
  share_bps: z.number().nullable(),
  description: z.string().nullable(),
  statement_id: z.string().nullable(),
  import_id: z.string().nullable(),
  created_at: z.string(),
});
export type CommissionLine = z.infer<typeof commissionLineSchema>;

const descriptionField = z
  .string({ error: commissionMessages.descriptionRequired })
  .trim()
  .min(1, commissionMessages.descriptionRequired)
  .max(500, commissionMessages.descriptionTooLong);

/** POST /admin/commissions/lines: a manual adjustment (or bonus); the description is required. */
export const createLineRequest = z.object({
  partner_id: z.number({ error: commissionMessages.partnerRequired }).int().positive().max(maxRowId),
  kind: z.enum(['adjustment', 'bonus']).default('adjustment'),
  month: monthField,
  amount_cents: z
    .number({ error: commissionMessages.amountRequired })
    .int(commissionMessages.amountInvalid)
    .min(-maxAmountCents, commissionMessages.amountTooLarge)
    .max(maxAmountCents, commissionMessages.amountTooLarge)
    .refine((value) => value !== 0, commissionMessages.amountNotZero),
  description: descriptionField,
  merchant_account_id: z.uuid().nullable().optional(),
});
export type CreateLineRequest = z.input<typeof createLineRequest>;
export const lineResponse = successEnvelope(commissionLineSchema);
/** GET /admin/commissions/lines?partner_id=&month= */
export const lineListResponse = successEnvelope(z.object({ items: z.array(commissionLineSchema) }));

/** POST /admin/commissions/lines/{id}/status: approve, void or hold an unpaid line (reason for void/hold). */
export const lineStatusRequest = z
  .object({
    status: z.enum(['pending', 'approved', 'void', 'on_hold']),
    reason: z.string().trim().max(500, commissionMessages.descriptionTooLong).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.status === 'void' || value.status === 'on_hold') && !value.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: commissionMessages.reasonRequired });
  });
export type LineStatusRequest = z.input<typeof lineStatusRequest>;

// ---------------------------------------------------------------------------------------------
// Import

/** The columns of a residual report the portal reads; each maps to one header of the file. */
export const importColumns = ['mid', 'business', 'transactions', 'volume', 'income', 'costs', 'net_revenue'] as const;
export type ImportColumn = (typeof importColumns)[number];
export const importColumnLabels: Record<ImportColumn, string> = {
  mid: 'Merchant ID (MID)',
  business: 'Business name',
  transactions: 'Transactions',
  volume: 'Volume',
  income: 'Income',
  costs: 'Costs',
  net_revenue: 'Net revenue',
};
/** Columns that must be mapped; the others may be left out. */
export const requiredImportColumns: readonly ImportColumn[] = ['mid', 'volume', 'net_revenue'];

/** The header (as it appears in the file) for each column; unmapped optional columns are absent or null. */
export const columnMappingSchema = z
  .object({
    mid: z.string().trim().max(200).nullable().optional(),
    business: z.string().trim().max(200).nullable().optional(),
    transactions: z.string().trim().max(200).nullable().optional(),
    volume: z.string().trim().max(200).nullable().optional(),
    income: z.string().trim().max(200).nullable().optional(),
    costs: z.string().trim().max(200).nullable().optional(),
    net_revenue: z.string().trim().max(200).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    for (const column of requiredImportColumns) {
      if (!value[column])
        ctx.addIssue({
          code: 'custom',
          path: [column],
          message: commissionMessages.mappingColumnRequired(importColumnLabels[column]),
        });
    }
  });
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

export const processorField = z
  .string({ error: commissionMessages.processorRequired })
  .trim()
  .min(1, commissionMessages.processorRequired)
  .max(60, commissionMessages.processorTooLong);

/**
 * POST /admin/commissions/imports is multipart/form-data with these text fields and a `file` part:
 * `month` (YYYY-MM), `processor`, `mapping` (JSON of `ColumnMapping`; optional when the processor
 * has a saved mapping) and `dry_run` (`true` | `false`, default `true`). A dry run stores a draft
 * import (the parsed rows, no commission lines) whose id `.../imports/{id}/commit` commits;
 * `dry_run=false` parses and commits in one request. The mapping is saved for the processor.
 */
export const importFieldsSchema = z.object({
  month: monthField,
  processor: processorField,
  mapping: columnMappingSchema.optional(),
  dry_run: z.boolean().default(true),
});
export type ImportFields = z.infer<typeof importFieldsSchema>;
export const importMaxBytes = 20 * 1024 * 1024;
/** How many matched rows a dry run lists (the totals count all of them). */
export const importPreviewMax = 200;
export const importErrorsMax = 100;

export const importMatchedRowSchema = z.object({
  /** Row number in the file as a spreadsheet shows it (the header is row 1). */
  row: z.number(),
  mid: z.string(),
  business: z.string().nullable(),
  merchant_account_id: z.string(),
  partner_id: z.number(),
  partner_name: z.string(),
  transactions: z.number().nullable(),
  volume_cents: z.number(),
  income_cents: z.number().nullable(),
  costs_cents: z.number().nullable(),
  net_revenue_cents: z.number(),
  share_bps: z.number(),
  residual_cents: z.number(),
});
export type ImportMatchedRow = z.infer<typeof importMatchedRowSchema>;

export const importUnmatchedRowSchema = z.object({
  row: z.number(),
  mid: z.string(),
  business: z.string().nullable(),
  volume_cents: z.number(),
  net_revenue_cents: z.number(),
});
export type ImportUnmatchedRow = z.infer<typeof importUnmatchedRowSchema>;

export const importErrorSchema = z.object({
  row: z.number().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importResultSchema = z.object({
  import_id: z.string(),
  status: z.enum(importStatuses),
  month: z.string(),
  processor: z.string(),
  dry_run: z.boolean(),
  file: z.object({ name: z.string(), bytes: z.number(), rows: z.number() }),
  headers: z.array(z.string()),
  mapping: columnMappingSchema,
  /** The first `importPreviewMax` matched rows with their computed residual. */
  matched: z.array(importMatchedRowSchema),
  unmatched: z.array(importUnmatchedRowSchema),
  duplicates: z.array(z.object({ mid: z.string(), rows: z.array(z.number()), message: z.string() })),
  errors: z.array(importErrorSchema),
  totals: z.object({
    rows: z.number(),
    matched: z.number(),
    unmatched: z.number(),
    ignored: z.number(),
    duplicates: z.number(),
    errors: z.number(),
    volume_cents: z.number(),
    net_revenue_cents: z.number(),
    residual_cents: z.number(),
  }),
  /** The committed import of the same month and processor this one replaces, if any. */
  replaces: z.object({ import_id: z.string(), lines: z.number() }).nullable(),
  /** Why it cannot be committed (published statements, errors, duplicates), or null. */
  blocked: z.string().nullable(),
  /** Residual lines written (0 until committed). */
  lines_written: z.number(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
export const importResultResponse = successEnvelope(importResultSchema);

/** GET /admin/commissions/mappings/{processor}: the saved mapping, or null. */
export const savedMappingSchema = z.object({ processor: z.string(), mapping: columnMappingSchema.nullable() });
export const savedMappingResponse = successEnvelope(savedMappingSchema);
/** GET /admin/commissions/imports: the imports, newest first. */
export const importSummarySchema = z.object({
  id: z.string(),
  month: z.string(),
  processor: z.string(),
  status: z.enum(importStatuses),
  file_name: z.string(),
  rows: z.number(),
  matched: z.number(),
  unmatched: z.number(),
  residual_cents: z.number(),
  created_at: z.string(),
  committed_at: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;
export const importListResponse = successEnvelope(z.object({ items: z.array(importSummarySchema) }));

/** GET /admin/commissions/unmatched?month=: MIDs of the latest uploads that match no merchant account. */
export const unmatchedQuery = z.object({ month: monthField.optional() });
export const unmatchedItemSchema = z.object({
  mid: z.string(),
  business: z.string().nullable(),
  month: z.string(),
  processor: z.string(),
  import_id: z.string(),
  import_status: z.enum(importStatuses),
  row: z.number(),
  volume_cents: z.number(),
  net_revenue_cents: z.number(),
});
export type UnmatchedItem = z.infer<typeof unmatchedItemSchema>;
export const unmatchedListResponse = successEnvelope(z.object({ items: z.array(unmatchedItemSchema) }));

/**
 * POST /admin/commissions/unmatched/assign: make the MID a merchant account of the partner (approved
 * on `approved_on`, default the first day of the report's month). If a committed import whose
 * statements are drafts lists the MID, its residual line is added.
 */
export const assignMidRequest = z.object({
  mid: z.string().trim().min(1, 'Merchant ID (MID) is required').max(64, 'Merchant ID (MID) must be at most 64 characters'),
  partner_id: z.number({ error: commissionMessages.partnerRequired }).int().positive().max(maxRowId),
  business: z.string().trim().max(200).optional(),
  approved_on: isoDay.optional(),
});
export type AssignMidRequest = z.input<typeof assignMidRequest>;
/** POST /admin/commissions/unmatched/ignore: leave the MID out of unmatched lists from now on. */
export const ignoreMidRequest = z.object({ mid: z.string().trim().min(1, 'Merchant ID (MID) is required').max(64) });
export type IgnoreMidRequest = z.input<typeof ignoreMidRequest>;

// ---------------------------------------------------------------------------------------------
// Merchant accounts

export const merchantAccountSchema = z.object({
  id: z.string(),
  mid: z.string(),
  business: z.string(),
  partner_id: z.number(),
  partner_name: z.string(),
  lead_id: z.string().nullable(),
  approved_on: z.string(),
  status: z.enum(merchantStatuses),
  closed_on: z.string().nullable(),
  /** Imported volume so far (the bonus threshold counts this). */
  volume_cents: z.number(),
});
export type MerchantAccount = z.infer<typeof merchantAccountSchema>;
/** POST /admin/merchant-accounts/{id}/close: the account stopped processing on `closed_on`. */
export const closeMerchantRequest = z.object({ closed_on: isoDay });
export const merchantAccountResponse = successEnvelope(merchantAccountSchema);
/** GET /admin/merchant-accounts?partner_id= */
export const merchantAccountListResponse = successEnvelope(z.object({ items: z.array(merchantAccountSchema) }));

// ---------------------------------------------------------------------------------------------
// Statements

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
  total_cents: z.number(),
  currency: z.string(),
  published_at: z.string().nullable(),
  paid_on: z.string().nullable(),
  paid_method: z.enum(paymentMethods).nullable(),
  paid_reference: z.string().nullable(),
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
export const statementTotalsSchema = z.object({
  volume_cents: z.number(),
  residual_cents: z.number(),
  bonus_cents: z.number(),
  adjustment_cents: z.number(),
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
  /** Approved lines not yet paid (on a published statement, or rolled over below the minimum). */
  approved_unpaid_cents: z.number(),
  /** Pending lines (bonuses waiting for volume). */
  pending_cents: z.number(),
  /** Merchants with a residual on the last published statement. */
  active_merchants: z.number(),
  last_statement: z
    .object({ id: z.string(), month: z.string(), total_cents: z.number(), status: z.enum(statementStatuses) })
    .nullable(),
  /** The last 12 months, oldest first, from published and paid statements. */
  series: z.array(z.object({ month: z.string(), bonus_cents: z.number(), residual_cents: z.number() })),
  /** The partner's external compensation link, or null (the screen then shows the spec's alert). */
  compensation_link: z.string().nullable(),
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
