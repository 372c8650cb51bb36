import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { maxRowId } from '../paging';
import { maxAmountCents } from './money';
import { monthField } from './months';
import { lineKinds, lineStatuses } from './statuses';
import { commissionMessages } from './messages';

// Commissions: lines.

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
