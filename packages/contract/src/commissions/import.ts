import { z } from 'zod';
import { importSplitsSchema } from './team';
import { successEnvelope } from '../envelope';
import { isoDay, maxRowId } from '../paging';
import { monthField } from './months';
import { importStatuses } from './statuses';
import { commissionMessages } from './messages';

// Commissions: import.

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

/**
 * What a residual report must look like, as the import wizard's help panel says it
 * (docs/residual-report.md has the long form). Each point holds for the server's reader.
 */
export const residualReportFormat = {
  title: 'What the report needs',
  points: [
    'A CSV file in UTF-8, up to 20 MB. Excel files (.xlsx, .xls) and PDFs are refused: save the report as CSV first.',
    'Cells separated by commas, semicolons or tabs: the separator is detected from the first rows. A cell that holds the separator itself is quoted: "Oak Street Pizza, Downtown" in a comma report.',
    'The first non-empty row names the columns; then one row per Merchant ID. Empty rows are skipped, and rows are numbered as a spreadsheet shows them.',
    `Columns you map: ${requiredImportColumns.map((column) => importColumnLabels[column]).join(', ')} (required); ${importColumns
      .filter((column) => !requiredImportColumns.includes(column))
      .map((column) => importColumnLabels[column])
      .join(', ')} (optional). Other columns are ignored.`,
    'Amounts with a dot before the cents: 1234.56, $1,234.56, -12.50 or (12.50) for a negative. Transactions as a whole number.',
    'Each Merchant ID once per file. An empty Merchant ID or an amount that is not a number is listed with its row and column, and the import cannot be committed until the file is fixed.',
  ],
  example: 'Merchant ID;DBA Name;# Sales;$ Sales;Net Revenue\n542081000000;Oak Street Pizza, Downtown;1892;156,169.26;1965.68',
} as const;
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
  /** Issue 21: totals per chain level and the house's net. */
  splits: importSplitsSchema.optional(),
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
