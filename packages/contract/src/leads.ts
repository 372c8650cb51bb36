import { z } from 'zod';
import { limits } from './constants';
import { dialCodes } from './countries';
import { messages } from './messages';

const m = messages.referral;

/**
 * Phone rules of spec §5, most specific message first: required, leading zero, non-digits,
 * too short, too long; the generic message guards anything the sub-rules let through.
 */
export function checkPhoneNumber(value: string): string | null {
  const phone = value.trim();
  if (phone === '') return m.phoneRequired;
  if (phone.startsWith('0')) return m.phoneLeadingZero;
  if (!/^\d+$/.test(phone)) return m.phoneDigitsOnly;
  if (phone.length < limits.phoneMinDigits) return m.phoneTooShort;
  if (phone.length > limits.phoneMaxDigits) return m.phoneTooLong;
  if (!/^\d{6,15}$/.test(phone)) return m.phoneInvalid;
  return null;
}

const text = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, `Must be at most ${max} characters`);

/** The request form of spec §3 with the rules of §5 (all fields required, both consents ticked). */
export const referralFormSchema = z.object({
  businessName: text(m.businessNameRequired, 200),
  fullName: text(m.fullNameRequired, 200),
  email: z
    .string({ error: m.emailRequired })
    .trim()
    .min(1, m.emailRequired)
    .max(254, m.emailInvalid)
    .pipe(z.email({ error: m.emailInvalid })),
  businessType: text(m.industryRequired, 100),
  countryCode: z
    .string({ error: m.countryCodeRequired })
    .trim()
    .min(1, m.countryCodeRequired)
    .refine((v) => dialCodes.includes(v), m.countryCodeRequired),
  phoneNumber: z.string({ error: m.phoneRequired }).superRefine((value, ctx) => {
    const problem = checkPhoneNumber(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  description: text(m.notesRequired, 5000),
  smsConsent: z.boolean({ error: m.smsConsentRequired }).refine((v) => v, m.smsConsentRequired),
  marketingConsent: z
    .boolean({ error: m.marketingConsentRequired })
    .refine((v) => v, m.marketingConsentRequired),
});
export type ReferralForm = z.infer<typeof referralFormSchema>;

// ---------------------------------------------------------------------------------------------
// Consent wording. Its version is stored with every lead as proof of what the visitor agreed to.

/**
 * Bump when the wording below changes. The support phone is the only variable part of the text,
 * so `v1:<support phone>` identifies the exact text shown without storing it on every lead.
 */
export const CONSENT_WORDING_VERSION = 'v1';

export function referralConsentTexts(supportPhone: string): { sms: string; marketing: string } {
  return {
    sms:
      'I agree to receive text messages about my free processing-fee analysis at the phone number above. ' +
      `Message frequency varies; message and data rates may apply. Text HELP or call ${supportPhone} for help. ` +
      'Reply STOP to unsubscribe.',
    marketing:
      'I agree to receive marketing emails and calls about payment-processing services. ' +
      'I can unsubscribe at any time.',
  };
}

export function consentTextVersion(supportPhone: string): string {
  return `${CONSENT_WORDING_VERSION}:${supportPhone}`;
}

// ---------------------------------------------------------------------------------------------
// Lead payload of spec §3, composed from the form. The server parses the same shape back, so the
// composition rules live only here.

const descriptionLabels = {
  sms: 'SMS Consent',
  marketing: 'Marketing Consent',
  notes: 'Additional Notes',
} as const;
export const NO_NOTES = 'None provided';

/** First word of the full name, and the rest (empty for a one-word name). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/** Spec §3: the dial code followed by the digits of the phone number, e.g. "+14155550123". */
export function composeTitle(countryCode: string, phoneNumber: string): string {
  return `${countryCode.trim()}${phoneNumber.replace(/\D/g, '')}`;
}

export function composeDescription(parts: { smsConsent: boolean; marketingConsent: boolean; notes: string }): string {
  const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
  return [
    `${descriptionLabels.sms}: ${yesNo(parts.smsConsent)}`,
    `${descriptionLabels.marketing}: ${yesNo(parts.marketingConsent)}`,
    `${descriptionLabels.notes}: ${parts.notes.trim() || NO_NOTES}`,
  ].join('\n');
}

/** Splits a Title back into dial code and digits; the longest known dial code wins (+353 before +3…). */
export function parseTitle(title: string): { countryCode: string; phoneNumber: string } | null {
  const value = title.trim();
  const code = [...dialCodes].sort((a, b) => b.length - a.length).find((c) => value.startsWith(c));
  return code ? { countryCode: code, phoneNumber: value.slice(code.length) } : null;
}

/** Reads consents and notes back from a Description; a consent line that is absent reads as undefined. */
export function parseDescription(description: string): {
  smsConsent?: boolean;
  marketingConsent?: boolean;
  notes: string;
} {
  const flag = (label: string) => {
    const match = new RegExp(`^\\s*${label}:\\s*(yes|no)\\s*$`, 'im').exec(description);
    return match ? match[1]!.toLowerCase() === 'yes' : undefined;
  };
  const notesAt = description.search(new RegExp(`^\\s*${descriptionLabels.notes}:`, 'im'));
  const notes =
    notesAt >= 0
      ? description.slice(notesAt).replace(new RegExp(`^\\s*${descriptionLabels.notes}:`, 'i'), '')
      : description.replace(new RegExp(`^\\s*(${descriptionLabels.sms}|${descriptionLabels.marketing}):.*$`, 'gim'), '');
  return {
    smsConsent: flag(descriptionLabels.sms),
    marketingConsent: flag(descriptionLabels.marketing),
    notes: notes.trim(),
  };
}

export const leadFieldLimits = {
  uuid: 64,
  firstName: 100,
  lastName: 200,
  email: 254,
  company: 200,
  businessType: 100,
  title: 24,
  description: 6000,
  notes: 5000,
  countryCode: 8,
  phoneNumber: 32,
  consentTextVersion: 100,
  website: 500,
} as const;

const maxMessage = (max: number) => `Must be at most ${max} characters`;
const optionalText = (max: number) => z.string().max(max, maxMessage(max)).optional();

const leadRequestFields = z.object({
  uuid: z
    .string({ error: m.invalidLink })
    .trim()
    .min(1, m.invalidLink)
    .max(leadFieldLimits.uuid, m.invalidLink),
  First_Name: text(m.fullNameRequired, leadFieldLimits.firstName),
  Last_Name: z.string().trim().max(leadFieldLimits.lastName, maxMessage(leadFieldLimits.lastName)).default(''),
  Email: referralFormSchema.shape.email,
  Company: text(m.businessNameRequired, leadFieldLimits.company),
  Business_Type: text(m.industryRequired, leadFieldLimits.businessType),
  Title: z
    .string({ error: m.phoneRequired })
    .trim()
    .min(1, m.phoneRequired)
    .max(leadFieldLimits.title, m.phoneTooLong),
  Description: text(m.notesRequired, leadFieldLimits.description),
  countryCode: optionalText(leadFieldLimits.countryCode),
  phoneNumber: z.string().max(leadFieldLimits.phoneNumber, m.phoneTooLong).optional(),
  smsConsent: z.boolean({ error: m.smsConsentRequired }).optional(),
  marketingConsent: z.boolean({ error: m.marketingConsentRequired }).optional(),
  notes: optionalText(leadFieldLimits.notes),
  consentTextVersion: optionalText(leadFieldLimits.consentTextVersion),
  website: optionalText(leadFieldLimits.website),
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

/**
 * The payload the web form sends: spec §3's fields composed from the form, plus the same values as
 * structured fields.
 */
export function composeLeadPayload(
  form: ReferralForm,
  uuid: string,
  extra: { consentTextVersion?: string } = {},
): CreateLeadRequest {
  const { firstName, lastName } = splitFullName(form.fullName);
  const phoneNumber = form.phoneNumber.trim();
  const notes = form.description.trim();
  return {
    uuid,
    First_Name: firstName,
    Last_Name: lastName,
    Email: form.email.trim(),
    Company: form.businessName.trim(),
    Business_Type: form.businessType.trim(),
    Title: composeTitle(form.countryCode, phoneNumber),
    Description: composeDescription({ smsConsent: form.smsConsent, marketingConsent: form.marketingConsent, notes }),
    countryCode: form.countryCode.trim(),
    phoneNumber,
    smsConsent: form.smsConsent,
    marketingConsent: form.marketingConsent,
    notes,
    ...extra,
  };
}

/** One entry of Zoho's `data` array, which the client reads as leadData.data[0] / noteData.data[0]. */
export const crmResultSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.object({ id: z.string() }),
});
export type CrmResult = z.infer<typeof crmResultSchema>;

export const leadResultCodes = { success: 'SUCCESS', duplicate: 'DUPLICATE_DATA' } as const;

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
