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
