// The referral form's rules and the lead payload it composes, without zod: the public landing page
// imports this module only, so a merchant's phone does not download a schema library
// (docs/decisions/003). leads.ts applies the same rules in its zod schemas: one set of rules.
import { limits } from './constants';
import { dialCodes } from './countries';
import { referralMessages as m } from './referral-messages';

/** The request form of spec §3. */
export interface ReferralForm {
  businessName: string;
  fullName: string;
  email: string;
  businessType: string;
  countryCode: string;
  phoneNumber: string;
  description: string;
  smsConsent: boolean;
  marketingConsent: boolean;
}

export type ReferralFormErrors = Partial<Record<keyof ReferralForm, string>>;

export const maxLengthMessage = (max: number) => `Must be at most ${max} characters`;

/**
 * zod's `z.email()` pattern (zod 4's "practical email validation"), copied character for character
 * so the form accepts exactly the addresses the server accepts; referral-rules.test.ts compares it
 * with zod's and fails when a zod upgrade changes it.
 */
export const emailPattern =
  // eslint-disable-next-line no-useless-escape -- verbatim copy of zod's source
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** Longest values the form accepts, after trimming. */
const formMaxLength = { businessName: 200, fullName: 200, email: 254, businessType: 100, description: 5000 } as const;

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

/**
 * The rules of spec §5 for the request form: every field required, a valid email, a known dial
 * code, the phone rules, both consents ticked. One message per field, the first rule it breaks;
 * `{}` when the form is valid. Reads its input defensively (a missing or non-string value is
 * "required"), so the server's schema can hand it anything.
 */
export function validateReferralForm(values: Partial<Record<keyof ReferralForm, unknown>>): ReferralFormErrors {
  const errors: ReferralFormErrors = {};
  const trimmed = (field: keyof ReferralForm) => {
    const value = values[field];
    return typeof value === 'string' ? value.trim() : '';
  };
  const requireText = (field: keyof typeof formMaxLength, required: string) => {
    const value = trimmed(field);
    if (value === '') errors[field] = required;
    else if (value.length > formMaxLength[field]) errors[field] = maxLengthMessage(formMaxLength[field]);
  };

  requireText('businessName', m.businessNameRequired);
  requireText('fullName', m.fullNameRequired);
  const email = trimmed('email');
  if (email === '') errors.email = m.emailRequired;
  else if (email.length > formMaxLength.email || !emailPattern.test(email)) errors.email = m.emailInvalid;
  requireText('businessType', m.industryRequired);
  if (!dialCodes.includes(trimmed('countryCode'))) errors.countryCode = m.countryCodeRequired;
  const phoneProblem = typeof values.phoneNumber === 'string' ? checkPhoneNumber(values.phoneNumber) : m.phoneRequired;
  if (phoneProblem) errors.phoneNumber = phoneProblem;
  requireText('description', m.notesRequired);
  if (values.smsConsent !== true) errors.smsConsent = m.smsConsentRequired;
  if (values.marketingConsent !== true) errors.marketingConsent = m.marketingConsentRequired;
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Consent wording. Its version is stored with every lead as proof of what the visitor agreed to.

/**
 * Bump when the wording below changes. The support phone is the only variable part of the text,
 * so `v1:<support phone>` identifies the exact text shown without storing it on every lead.
 */
export const CONSENT_WORDING_VERSION = 'v1';

export function referralConsentTexts(supportPhone: string | null): { sms: string; marketing: string } {
  const help = supportPhone ? `Text HELP or call ${supportPhone} for help.` : 'Text HELP for help.';
  return {
    sms:
      'I agree to receive text messages about my free processing-fee analysis at the phone number above. ' +
      `Message frequency varies; message and data rates may apply. ${help} ` +
      'Reply STOP to unsubscribe.',
    marketing: 'I agree to receive marketing emails and calls about payment-processing services. I can unsubscribe at any time.',
  };
}

export function consentTextVersion(supportPhone: string | null): string {
  return `${CONSENT_WORDING_VERSION}:${supportPhone ?? ''}`;
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

/** Dial codes longest first, so the longest known one wins (+353 before +3…). */
const dialCodesLongestFirst = [...dialCodes].sort((a, b) => b.length - a.length);

/** Splits a Title back into dial code and digits; the longest known dial code wins (+353 before +3…). */
export function parseTitle(title: string): { countryCode: string; phoneNumber: string } | null {
  const value = title.trim();
  const code = dialCodesLongestFirst.find((c) => value.startsWith(c));
  return code ? { countryCode: code, phoneNumber: value.slice(code.length) } : null;
}

// Compiled once: the server reads every submitted Description twice (validation, then the service).
const consentLinePattern = (label: string) => new RegExp(`^\\s*${label}:\\s*(yes|no)\\s*$`, 'im');
const smsLine = consentLinePattern(descriptionLabels.sms);
const marketingLine = consentLinePattern(descriptionLabels.marketing);
const notesLine = new RegExp(`^\\s*${descriptionLabels.notes}:`, 'im');
const notesLabel = new RegExp(`^\\s*${descriptionLabels.notes}:`, 'i');
const consentLines = new RegExp(`^\\s*(${descriptionLabels.sms}|${descriptionLabels.marketing}):.*$`, 'gim');

/** Reads consents and notes back from a Description; a consent line that is absent reads as undefined. */
export function parseDescription(description: string): {
  smsConsent?: boolean;
  marketingConsent?: boolean;
  notes: string;
} {
  const flag = (line: RegExp) => {
    const match = line.exec(description);
    return match ? match[1]!.toLowerCase() === 'yes' : undefined;
  };
  const notesAt = description.search(notesLine);
  const notes = notesAt >= 0 ? description.slice(notesAt).replace(notesLabel, '') : description.replace(consentLines, '');
  return {
    smsConsent: flag(smsLine),
    marketingConsent: flag(marketingLine),
    notes: notes.trim(),
  };
}

export const leadFieldLimits = {
  uuid: 64,
  firstName: 200,
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

export const leadResultCodes = { success: 'SUCCESS', duplicate: 'DUPLICATE_DATA' } as const;

/**
 * What the web form sends to POST /leads/referral/by-uuid: a valid `CreateLeadRequest`
 * (leads.test.ts checks the two types stay compatible).
 */
export interface LeadPayload {
  uuid: string;
  First_Name: string;
  Last_Name: string;
  Email: string;
  Company: string;
  Business_Type: string;
  Title: string;
  Description: string;
  countryCode: string;
  phoneNumber: string;
  smsConsent: boolean;
  marketingConsent: boolean;
  notes: string;
  consentTextVersion?: string;
}

/**
 * The payload the web form sends: spec §3's fields composed from the form, plus the same values as
 * structured fields.
 */
export function composeLeadPayload(form: ReferralForm, uuid: string, extra: { consentTextVersion?: string } = {}): LeadPayload {
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
