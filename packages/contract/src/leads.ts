import { z } from 'zod';
import { leadTrackingSchema } from './conversions-api';
import { feeBases, savingsEstimateMessages, validateSavingsEstimateInput } from './savings-estimate';
import { dialCodes } from './countries';
import { messages } from './messages';
import { maxRowId } from './paging';
import {
  checkPhoneNumber,
  leadFieldLimits,
  maxLengthMessage,
  parseDescription,
  parseTitle,
  validateReferralForm,
  type ReferralForm,
} from './referral-rules';

const m = messages.referral;

const text = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, maxLengthMessage(max));

const anyValue = z.unknown().optional();

/**
 * The request form of spec §3 with the rules of §5, for wherever a zod schema is wanted. The rules
 * themselves are `validateReferralForm` (referral-rules.ts, zod-free, what the web form runs), so
 * the two cannot disagree. Output: the form with its text fields trimmed.
 */
export const referralFormSchema = z
  .object({
    businessName: anyValue,
    fullName: anyValue,
    email: anyValue,
    businessType: anyValue,
    countryCode: anyValue,
    phoneNumber: anyValue,
    description: anyValue,
    smsConsent: anyValue,
    marketingConsent: anyValue,
  })
  .superRefine((form, ctx) => {
    for (const [field, message] of Object.entries(validateReferralForm(form))) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  })
  .transform((form): ReferralForm => {
    const valid = form as ReferralForm; // every field passed validateReferralForm
    return {
      ...valid,
      businessName: valid.businessName.trim(),
      fullName: valid.fullName.trim(),
      email: valid.email.trim(),
      businessType: valid.businessType.trim(),
      countryCode: valid.countryCode.trim(),
      description: valid.description.trim(),
    };
  });

/** The same email rule as the form's (zod's `z.email()`, whose pattern the form copies). */
const emailText = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(leadFieldLimits.email, m.emailInvalid)
  .pipe(z.email({ error: m.emailInvalid }));

/** What the merchant typed into "What would I save?"; the rules of savings-estimate.ts, one message per field. */
export const savingsEstimateInputSchema = z
  .object({
    monthlySales: z.number({ error: savingsEstimateMessages.salesRequired }),
    basis: z.enum(feeBases, { error: savingsEstimateMessages.basisRequired }),
    monthlyFees: z.number({ error: savingsEstimateMessages.feesRequired }).nullish(),
    effectiveRatePct: z.number({ error: savingsEstimateMessages.rateRequired }).nullish(),
    averageTicket: z.number({ error: savingsEstimateMessages.ticketRange }).nullish(),
  })
  .superRefine((value, ctx) => {
    for (const [path, message] of Object.entries(validateSavingsEstimateInput(value)))
      ctx.addIssue({ code: 'custom', path: [path], message });
  });

const optionalText = (max: number) => z.string().max(max, maxLengthMessage(max)).optional();

export const leadRequestFields = z.object({
  uuid: z.string({ error: m.invalidLink }).trim().min(1, m.invalidLink).max(leadFieldLimits.uuid, m.invalidLink),
  First_Name: text(m.fullNameRequired, leadFieldLimits.firstName),
  Last_Name: z.string().trim().max(leadFieldLimits.lastName, maxLengthMessage(leadFieldLimits.lastName)).default(''),
  Email: emailText,
  Company: text(m.businessNameRequired, leadFieldLimits.company),
  Business_Type: text(m.industryRequired, leadFieldLimits.businessType),
  Title: z.string({ error: m.phoneRequired }).trim().min(1, m.phoneRequired).max(leadFieldLimits.title, m.phoneTooLong),
  Description: text(m.notesRequired, leadFieldLimits.description),
  countryCode: optionalText(leadFieldLimits.countryCode),
  phoneNumber: z.string().max(leadFieldLimits.phoneNumber, m.phoneTooLong).optional(),
  smsConsent: z.boolean({ error: m.smsConsentRequired }).optional(),
  marketingConsent: z.boolean({ error: m.marketingConsentRequired }).optional(),
  notes: optionalText(leadFieldLimits.notes),
  consentTextVersion: optionalText(leadFieldLimits.consentTextVersion),
  website: optionalText(leadFieldLimits.website),
  /** Admins only: credit the lead to this partner (a role-user account); ignored for anyone else. */
  partner_id: z.number().int().positive().max(maxRowId).optional(),
  /** The landing page's pixel event id, page URL and Meta cookies, for the server-side Lead event. */
  tracking: leadTrackingSchema.optional(),
  /** The landing page's savings estimate, when the merchant made one (issue 12 §2); stored, never in Description. */
  estimate: savingsEstimateInputSchema.optional(),
  /** The campaign link's tag (`?c=` on the landing page, issue 23 §7); cleaned by the server. */
  campaign: z.string().max(200).optional(),
});

/**
 * POST /leads/referral/by-uuid. The spec §3 fields, plus optional structured fields so consent is
 * stored as data: when present they win over what Title and Description say. `website` is a
 * honeypot that people never fill in. Error keys are the field names as sent.
 */
export const createLeadRequest = leadRequestFields.superRefine(
  (body, ctx) => {
    for (const [path, message] of Object.entries(readLeadRequest(body).problems)) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  },
  // Also runs when a field above failed, so the client sees every problem at once; that is why
  // readLeadRequest reads its input defensively.
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);
export type CreateLeadRequest = z.input<typeof createLeadRequest>;
type ParsedLeadRequest = z.output<typeof leadRequestFields>;

/** The lead as data: what the server stores, whichever way the client sent it. */
export interface LeadInput {
  countryCode: string;
  phoneNumber: string;
  smsConsent: boolean;
  marketingConsent: boolean;
  notes: string;
}

/**
 * Reads phone, consents and notes from the structured fields when present, else from Title and
 * Description, applying the form's rules. Problems are keyed by the field they were read from.
 */
export function readLeadRequest(body: Partial<Record<keyof ParsedLeadRequest, unknown>>): {
  input: LeadInput;
  problems: Record<string, string>;
} {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const problems: Record<string, string> = {};
  const hasStructuredPhone = body.countryCode !== undefined || body.phoneNumber !== undefined;

  let countryCode: string;
  let phoneNumber: string;
  if (hasStructuredPhone) {
    countryCode = str(body.countryCode).trim();
    phoneNumber = str(body.phoneNumber).trim();
    if (!dialCodes.includes(countryCode)) problems.countryCode = m.countryCodeRequired;
    const phoneProblem = checkPhoneNumber(phoneNumber);
    if (phoneProblem) problems.phoneNumber = phoneProblem;
  } else {
    const title = str(body.Title).trim();
    const parsed = parseTitle(title);
    countryCode = parsed?.countryCode ?? '';
    phoneNumber = parsed?.phoneNumber ?? '';
    if (title !== '' && !parsed) problems.Title = m.countryCodeRequired;
    else if (title !== '') {
      const phoneProblem = checkPhoneNumber(phoneNumber);
      if (phoneProblem) problems.Title = phoneProblem;
    }
  }

  const fromDescription = parseDescription(str(body.Description));
  const consent = (structured: 'smsConsent' | 'marketingConsent', message: string) => {
    const value = body[structured] ?? fromDescription[structured];
    if (value !== true) problems[body[structured] !== undefined ? structured : 'Description'] ??= message;
    return value === true;
  };
  const smsConsent = consent('smsConsent', m.smsConsentRequired);
  const marketingConsent = consent('marketingConsent', m.marketingConsentRequired);

  let notes = fromDescription.notes;
  if (body.notes !== undefined) {
    notes = str(body.notes).trim();
    if (notes === '') problems.notes = m.notesRequired;
  }
  return { input: { countryCode, phoneNumber, smsConsent, marketingConsent, notes }, problems };
}

/** One entry of Zoho's `data` array, which the client reads as leadData.data[0] / noteData.data[0]. */
export const crmResultSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.object({ id: z.string() }),
});
export type CrmResult = z.infer<typeof crmResultSchema>;

/** 201: the lead is stored; `details.id` is the lead's public id (a uuid). */
export const createLeadResponse = z.object({
  status: z.literal('success'),
  leadData: z.object({ data: z.array(crmResultSchema) }),
  noteData: z.object({ data: z.array(crmResultSchema) }),
});
export type CreateLeadResponse = z.infer<typeof createLeadResponse>;

/** 409: a lead with this email exists (any partner); `details.id` is the existing lead's public id. */
export const duplicateLeadResponse = z.object({
  status: z.literal('error'),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  leadData: z.object({ data: z.array(crmResultSchema) }),
});
export type DuplicateLeadResponse = z.infer<typeof duplicateLeadResponse>;

/** GET /leads/referral/:uuid/page: what the landing page needs, nothing else about the partner. */
export const referralPageResponse = z.object({
  status: z.literal('success'),
  data: z.object({ facebook_pixel_id: z.string() }),
});
export type ReferralPageResponse = z.infer<typeof referralPageResponse>;

/** POST /leads/admin/outbox/retry: failed CRM pushes back to pending (all, or these leads' public ids). */
export const retryOutboxRequest = z.object({ leadIds: z.array(z.uuid()).max(1000).optional() });
export const retryOutboxResponse = z.object({
  status: z.literal('success'),
  data: z.object({ retried: z.number().int() }),
});
