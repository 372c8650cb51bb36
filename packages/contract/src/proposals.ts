import { z } from 'zod';
import { feeBases, validateSavingsEstimateInput, type SavingsEstimateInput } from './savings-estimate';

/**
 * POST /proposals (issue #12 §4): a one-page PDF proposal a partner hands a merchant, from one of
 * their referrals or from figures they fill in on a visit. The estimate rules and messages are the
 * landing page's (savings-estimate.ts), keyed here by the API's field names.
 */
export const proposalMessages = {
  merchantNameRequired: 'Enter the business name',
  merchantNameTooLong: 'Business name must be at most 120 characters',
  leadNotFound: 'Referral not found',
  failed: 'The proposal could not be created. Please try again.',
} as const;

export const proposalValidDays = 30;

const amount = z.number().finite().nullable().optional();

export const proposalRequest = z
  .object({
    /** One of the partner's referrals (its public id); the business name defaults to its company. */
    lead_id: z.uuid({ error: proposalMessages.leadNotFound }).optional(),
    merchant_name: z.string().trim().max(120, proposalMessages.merchantNameTooLong).optional(),
    monthly_sales: z.unknown().optional(),
    basis: z.unknown().optional(),
    monthly_fees: amount,
    effective_rate_pct: amount,
    average_ticket: amount,
  })
  .superRefine((body, ctx) => {
    const errors = validateSavingsEstimateInput(toEstimateFields(body));
    const keys: Record<string, string> = {
      monthlySales: 'monthly_sales',
      basis: 'basis',
      monthlyFees: 'monthly_fees',
      effectiveRatePct: 'effective_rate_pct',
      averageTicket: 'average_ticket',
    };
    for (const [field, message] of Object.entries(errors))
      ctx.addIssue({ code: 'custom', path: [keys[field] ?? field], message });
    if (!body.lead_id && !body.merchant_name) {
      ctx.addIssue({ code: 'custom', path: ['merchant_name'], message: proposalMessages.merchantNameRequired });
    }
  });
export type ProposalRequest = z.input<typeof proposalRequest>;

function toEstimateFields(body: {
  monthly_sales?: unknown;
  basis?: unknown;
  monthly_fees?: unknown;
  effective_rate_pct?: unknown;
  average_ticket?: unknown;
}) {
  return {
    monthlySales: body.monthly_sales,
    basis: body.basis,
    monthlyFees: body.monthly_fees,
    effectiveRatePct: body.effective_rate_pct,
    averageTicket: body.average_ticket,
  };
}

/** The request's estimate inputs, once validated. */
export function proposalEstimateInput(body: z.output<typeof proposalRequest>): SavingsEstimateInput {
  return {
    monthlySales: body.monthly_sales as number,
    basis: body.basis as (typeof feeBases)[number],
    monthlyFees: body.monthly_fees ?? null,
    effectiveRatePct: body.effective_rate_pct ?? null,
    averageTicket: body.average_ticket ?? null,
  };
}
