import { z } from 'zod';
import { successEnvelope } from '../envelope';
import { recoveryCodeField, totpCodeField, twoFactorMessages } from '../two-factor';
import { cursorPage, isoDay } from '../paging';
import { monthField } from '../commissions/months';
import { achReturnCodePattern, validRoutingNumber } from './bank';
import { payoutMessages as m } from './messages';
import { entityTypes, w8ExpiresOn } from './tax';

// Payouts: the partner's payout details, the admin's review, batches, returns and the 1099-NEC.

const text = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
const optionalText = (max = 100) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
/** Digits only: people type TINs and bank numbers with dashes and spaces. */
const digitsOf = (message: string) => z.string({ error: message }).transform((v) => v.replace(/[\s-]/g, ''));

export const usAddressSchema = z.object({
  line1: text(m.addressLine1Required),
  line2: optionalText(),
  city: text(m.cityRequired, 60),
  state: z
    .string({ error: m.stateInvalid })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, m.stateInvalid)),
  zip: digitsOf(m.zipInvalid).pipe(z.string().regex(/^(\d{5}|\d{9})$/, m.zipInvalid)),
});

export const foreignAddressSchema = z.object({
  line1: text(m.addressLine1Required),
  line2: optionalText(),
  city: text(m.cityRequired, 60),
  state: optionalText(60),
  zip: optionalText(20),
  country: z
    .string({ error: m.countryRequired })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^[A-Z]{2}$/, m.countryRequired)
        .refine((c) => c !== 'US', m.countryRequired),
    ),
});

/** SSNs never start 000, 666 or 9, and have no 00 group or 0000 serial. */
function plausibleSsn(tin: string): boolean {
  return !/^(000|666|9)/.test(tin) && tin.slice(3, 5) !== '00' && tin.slice(5) !== '0000';
}

const signatureShape = {
  certify: z.literal(true, { error: m.certifyRequired }),
  signature: text(m.signatureRequired),
};

export const w9Input = z
  .object({
    kind: z.literal('w9'),
    legal_name: text(m.legalNameRequired),
    business_name: optionalText(),
    entity_type: z.enum(entityTypes, { error: m.entityTypeRequired }),
    address: usAddressSchema,
    tin_type: z.enum(['ssn', 'ein'], { error: m.tinTypeRequired }),
    tin: digitsOf(m.tinInvalid).pipe(z.string().regex(/^\d{9}$/, m.tinInvalid)),
    ...signatureShape,
  })
  .superRefine((v, ctx) => {
    if (v.tin_type === 'ssn' && !plausibleSsn(v.tin)) ctx.addIssue({ code: 'custom', path: ['tin'], message: m.ssnInvalid });
  });

/** Today as YYYY-MM-DD (UTC), for the W-8's dates. */
const todayIso = () => new Date().toISOString().slice(0, 10);

export const w8Input = z
  .object({
    kind: z.enum(['w8ben', 'w8bene']),
    legal_name: text(m.legalNameRequired),
    business_name: optionalText(),
    address: foreignAddressSchema,
    foreign_tin: optionalText(30),
    signed_on: isoDay,
    ...signatureShape,
  })
  .superRefine((v, ctx) => {
    if (v.signed_on > todayIso()) ctx.addIssue({ code: 'custom', path: ['signed_on'], message: m.signedOnInvalid });
    else if (w8ExpiresOn(v.signed_on) < todayIso())
      ctx.addIssue({ code: 'custom', path: ['signed_on'], message: m.w8Expired(w8ExpiresOn(v.signed_on)) });
  });

export const taxFormInput = z.discriminatedUnion('kind', [w9Input, w8Input], { error: m.taxFormKindRequired });
export type TaxFormInput = z.infer<typeof taxFormInput>;

export const achBankInput = z.object({
  method: z.literal('ach'),
  holder_name: text(m.holderRequired),
  routing_number: digitsOf(m.routingInvalid)
    .pipe(z.string().regex(/^\d{9}$/, m.routingInvalid))
    .pipe(z.string().refine(validRoutingNumber, m.routingChecksum)),
  account_number: digitsOf(m.accountInvalid).pipe(z.string().regex(/^\d{4,17}$/, m.accountInvalid)),
  account_type: z.enum(['checking', 'savings'], { error: m.accountTypeRequired }),
});
export const bankInput = z.discriminatedUnion('method', [achBankInput, z.object({ method: z.literal('outside') })], {
  error: m.methodRequired,
});
export type BankInput = z.infer<typeof bankInput>;

export const putPayoutDetailsRequest = z
  .object({ tax_form: taxFormInput.optional(), bank: bankInput.optional() })
  .refine((v) => v.tax_form || v.bank, { message: m.nothingToSave, path: ['tax_form'] });
export type PutPayoutDetailsRequest = z.infer<typeof putPayoutDetailsRequest>;

export const reviewStatuses = ['submitted', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];
export const readinessStates = ['not_started', 'submitted', 'ready', 'needs_attention'] as const;
export type ReadinessState = (typeof readinessStates)[number];
export const readinessLabels: Record<ReadinessState, string> = {
  not_started: 'Not started',
  submitted: 'Submitted',
  ready: 'Ready',
  needs_attention: 'Needs attention',
};

export const taxFormSchema = z.object({
  kind: z.enum(['w9', 'w8ben', 'w8bene']),
  status: z.enum(reviewStatuses),
  legal_name: z.string(),
  business_name: z.string().nullable(),
  entity_type: z.enum(entityTypes).nullable(),
  address: z.object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    country: z.string(),
  }),
  tin_type: z.enum(['ssn', 'ein', 'foreign']).nullable(),
  /** Masked: •••-••-1234. */
  tin_masked: z.string().nullable(),
  signature: z.string(),
  signed_at: z.string(),
  form_revision: z.string(),
  expires_on: z.string().nullable(),
  reject_reason: z.string().nullable(),
});
export type TaxForm = z.infer<typeof taxFormSchema>;

export const bankAccountSchema = z.object({
  method: z.enum(['ach', 'outside']),
  status: z.enum(reviewStatuses),
  holder_name: z.string().nullable(),
  routing_masked: z.string().nullable(),
  account_masked: z.string().nullable(),
  account_type: z.enum(['checking', 'savings']).nullable(),
  name_matches: z.boolean(),
  changed_at: z.string(),
  reject_reason: z.string().nullable(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const payoutStatuses = ['pending', 'sent', 'paid', 'returned', 'canceled'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];
export const payoutStatusLabels: Record<PayoutStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  paid: 'Paid',
  returned: 'Returned',
  canceled: 'Canceled',
};

export const readinessSchema = z.object({
  state: z.enum(readinessStates),
  label: z.string(),
  message: z.string(),
  /** Published, unpaid earnings waiting on the partner's details or a payout hold. */
  held_cents: z.number(),
  payout_hold: z.string().nullable(),
  last_payout: z
    .object({
      status: z.enum(payoutStatuses),
      amount_cents: z.number(),
      effective_date: z.string(),
      return_code: z.string().nullable(),
    })
    .nullable(),
});
export type Readiness = z.infer<typeof readinessSchema>;

export const payoutDetailsSchema = z.object({
  readiness: readinessSchema,
  tax_form: taxFormSchema.nullable(),
  bank: bankAccountSchema.nullable(),
  outside_allowed: z.boolean(),
  currency: z.string(),
  /** The partner's 1099-NEC copies: ended years in which their payments reached the threshold. */
  tax_documents: z.array(z.object({ year: z.number(), total_cents: z.number(), corrected: z.boolean() })),
});
export type PayoutDetails = z.infer<typeof payoutDetailsSchema>;
export const payoutDetailsResponse = successEnvelope(payoutDetailsSchema);

// Admin: review.

export const reviewKinds = ['tax_form', 'bank_account'] as const;
export type ReviewKind = (typeof reviewKinds)[number];
export const reviewKindLabels: Record<ReviewKind, string> = { tax_form: 'Tax form', bank_account: 'Bank account' };

export const reviewItemSchema = z.object({
  id: z.string(),
  kind: z.enum(reviewKinds),
  status: z.enum(reviewStatuses),
  partner_id: z.number(),
  partner_name: z.string(),
  partner_email: z.string(),
  submitted_at: z.string(),
  /** What was submitted, masked: "W-9 · Jane Doe · SSN •••-••-1234" or "Checking ••••6789 · Jane Doe". */
  summary: z.string(),
  flags: z.array(z.string()),
  tax_form: taxFormSchema.nullable(),
  bank: bankAccountSchema.nullable(),
  decided_at: z.string().nullable(),
  reason: z.string().nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
export const reviewQuery = z.object({
  status: z.enum(reviewStatuses).default('submitted'),
  cursor: z.string().max(500, 'Invalid cursor').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const reviewListResponse = successEnvelope(cursorPage(reviewItemSchema));

export const reviewDecisionRequest = z
  .object({
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(500, m.reasonTooLong).optional(),
  })
  .refine((v) => v.decision === 'approve' || !!v.reason, { message: m.reasonRequired, path: ['reason'] });
export type ReviewDecisionRequest = z.infer<typeof reviewDecisionRequest>;
export const reviewDecisionResponse = successEnvelope(reviewItemSchema);

/** The full numbers, for an admin who gave their two-factor code again. */
export const revealResponse = successEnvelope(
  z.object({ tin: z.string().nullable(), routing_number: z.string().nullable(), account_number: z.string().nullable() }),
);

// Admin: batches.

export const batchStatuses = ['draft', 'sent'] as const;
export const createBatchRequest = z.object({
  month: monthField,
  effective_date: isoDay,
  prenotes: z.boolean().default(false),
});
export type CreateBatchRequest = z.infer<typeof createBatchRequest>;

export const batchSummarySchema = z.object({
  id: z.string(),
  number: z.number(),
  month: z.string(),
  effective_date: z.string(),
  status: z.enum(batchStatuses),
  prenotes: z.boolean(),
  payouts: z.number(),
  total_cents: z.number(),
  returned: z.number(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

export const batchPayoutSchema = z.object({
  id: z.string(),
  partner_id: z.number(),
  partner_name: z.string(),
  entry_class: z.enum(['PPD', 'CCD']),
  amount_cents: z.number(),
  status: z.enum(payoutStatuses),
  account_masked: z.string(),
  account_type: z.enum(['checking', 'savings']),
  prenote: z.boolean(),
  statement_months: z.array(z.string()),
  trace_number: z.string().nullable(),
  return_code: z.string().nullable(),
  retry: z.boolean(),
});
export type BatchPayout = z.infer<typeof batchPayoutSchema>;

export const heldPartnerSchema = z.object({
  partner_id: z.number(),
  partner_name: z.string(),
  total_cents: z.number(),
  reason: z.string(),
});

export const batchDetailSchema = z.object({
  batch: batchSummarySchema,
  payouts: z.array(batchPayoutSchema),
  held: z.array(heldPartnerSchema),
  currency: z.string(),
});
export type BatchDetail = z.infer<typeof batchDetailSchema>;
export const batchDetailResponse = successEnvelope(batchDetailSchema);
export const batchListResponse = successEnvelope(z.object({ items: z.array(batchSummarySchema) }));
export const setPayoutIncludedRequest = z.object({ included: z.boolean() });

export const recordReturnRequest = z.object({
  payout_id: z.uuid({ error: m.payoutNotFound }),
  return_code: z
    .string({ error: m.returnCodeInvalid })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(achReturnCodePattern, m.returnCodeInvalid)),
  note: z.string().trim().max(500, m.reasonTooLong).optional(),
});
export type RecordReturnRequest = z.infer<typeof recordReturnRequest>;
export const recordReturnResponse = successEnvelope(batchPayoutSchema);

// Admin: the 1099-NEC.

export const form1099Query = z.object({
  year: z.coerce.number({ error: m.yearInvalid }).int(m.yearInvalid).min(2020, m.yearInvalid).max(2100, m.yearInvalid),
});
export const form1099RowSchema = z.object({
  partner_id: z.number(),
  legal_name: z.string(),
  business_name: z.string().nullable(),
  entity_type: z.enum(entityTypes).nullable(),
  tin_masked: z.string(),
  total_cents: z.number(),
  corporation: z.boolean(),
  flag: z.string().nullable(),
  corrected: z.boolean(),
});
export type Form1099Row = z.infer<typeof form1099RowSchema>;
export const form1099Response = successEnvelope(
  z.object({ year: z.number(), threshold_cents: z.number(), items: z.array(form1099RowSchema), total_cents: z.number() }),
);

/** The admin's two-factor code (or a recovery code), given again to see full numbers. */
export const revealRequest = z
  .object({ code: totpCodeField.optional(), recovery_code: recoveryCodeField.optional() })
  .refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), {
    message: twoFactorMessages.oneFactorOnly,
    path: ['code'],
  });

export const correct1099Request = z.object({
  partner_id: z.number().int().positive(),
  year: form1099Query.shape.year,
  reason: z.string({ error: m.reasonRequired }).trim().min(1, m.reasonRequired).max(500, m.reasonTooLong),
});
export type Correct1099Request = z.infer<typeof correct1099Request>;

/** The 1099-NEC threshold of a year: the law's ($600 through 2025, $2,000 from 2026) or the program's. */
export const taxThresholdSchema = z.object({
  year: z.number(),
  threshold_cents: z.number(),
  /** `law` until an admin sets the year's amount (`program`). */
  source: z.enum(['law', 'program']),
});
export type TaxThreshold = z.infer<typeof taxThresholdSchema>;
export const taxThresholdsResponse = successEnvelope(z.object({ items: z.array(taxThresholdSchema) }));
export const putTaxThresholdRequest = z.object({
  year: z
    .number({ error: m.thresholdYearInvalid })
    .int(m.thresholdYearInvalid)
    .min(2020, m.thresholdYearInvalid)
    .max(2100, m.thresholdYearInvalid),
  threshold_cents: z
    .number({ error: m.thresholdAmountInvalid })
    .int(m.thresholdAmountInvalid)
    .positive(m.thresholdAmountInvalid)
    .max(10_000_000_000, m.thresholdAmountInvalid),
});
export type PutTaxThresholdRequest = z.infer<typeof putTaxThresholdRequest>;
