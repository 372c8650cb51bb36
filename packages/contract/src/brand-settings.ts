import { parseUrl } from './url';

/**
 * Setting keys the product knows (issue 9 §4): each has a description for /admin/settings and a
 * rule for its value, checked by the server on create and update and by the form before sending.
 * Any other key is stored as typed. Zod-free so the landing page may import it.
 */
export const settingKeys = {
  companyName: 'Company Name',
  logoUrl: 'Logo URL',
  supportPhone: 'Support Phone',
  contactUs: 'Contact Us',
  programTerms: 'Program Terms',
  registrationMode: 'Registration Mode',
  newLeadEmails: 'New Lead Emails',
  adminTwoFactor: 'Admin Two-Factor',
  dualPricingFee: 'Dual Pricing Fee',
  dualPricingMonthlyFee: 'Dual Pricing Monthly Fee',
  dualPricingRemainingRate: 'Dual Pricing Remaining Rate',
  staleLeadDays: 'Stale Lead Days',
} as const;
export type KnownSettingKey = (typeof settingKeys)[keyof typeof settingKeys];

export const registrationModes = ['open', 'approval', 'invite_only'] as const;
export type RegistrationMode = (typeof registrationModes)[number];

export const settingMessages = {
  urlInvalid: 'Enter a full web address starting with https:// or http://',
  phoneInvalid: 'Enter a phone number of 6 to 15 digits; spaces, +, -, dots and brackets are allowed',
  companyNameTooLong: 'Company Name must be at most 100 characters',
  programTermsInvalid: 'Program Terms must be one line of at most 300 characters',
  registrationModeInvalid: 'Registration Mode must be open, approval or invite_only',
  newLeadEmailsInvalid: 'New Lead Emails must be on or off',
  adminTwoFactorInvalid: 'Admin Two-Factor must be optional or required',
  dualPricingFeeInvalid: 'Dual Pricing Fee must be a percentage between 0 and 10, such as 3.99',
  dualPricingMonthlyFeeInvalid: 'Dual Pricing Monthly Fee must be an amount in dollars between 0 and 100000, such as 0 or 99',
  dualPricingRemainingRateInvalid: 'Dual Pricing Remaining Rate must be a percentage between 0 and 8, such as 0 or 1',
  staleLeadDaysInvalid: 'Stale Lead Days must be a whole number of days between 1 and 365',
} as const;

/** Days without an update after which an open referral shows "No update for N days" (issue 23 §4). */
export const defaultStaleLeadDays = 7;
export function staleLeadDaysOf(value: string | null | undefined): number {
  const v = value?.trim() ?? '';
  return /^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 365 ? Number(v) : defaultStaleLeadDays;
}

/** A plain decimal number (no sign, unit or thousands separator) within [min, max], else null. */
export function parseDecimalSetting(value: string | null | undefined, min: number, max: number): number | null {
  const v = value?.trim() ?? '';
  if (!/^\d+(\.\d+)?$/.test(v)) return null;
  const n = Number(v);
  return n >= min && n <= max ? n : null;
}

export interface KnownSetting {
  key: KnownSettingKey;
  description: string;
  /** What to type, shown as the value's placeholder. */
  example: string;
  /** The refusal message, or null when the (trimmed) value is fine. */
  validate: (value: string) => string | null;
  /** A fixed-choice key (issue 23 §6): its values, each with what it does; the first is the default. */
  choices?: readonly SettingChoice[];
  /** A number key: its unit, shown beside the input. */
  unit?: '%' | '$' | 'days';
}

export interface SettingChoice {
  value: string;
  label: string;
  help: string;
}

const isHttpUrl = (value: string) => {
  const url = parseUrl(value);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
};

const url = (value: string) => (isHttpUrl(value) ? null : settingMessages.urlInvalid);

export const knownSettings: readonly KnownSetting[] = [
  {
    key: settingKeys.companyName,
    description: 'Your company name: shown on the landing page, in the nav, page titles and every email.',
    example: 'Acme Payments',
    validate: (v) => (v.length > 100 ? settingMessages.companyNameTooLong : null),
  },
  {
    key: settingKeys.logoUrl,
    description: 'Address of your logo image (https). Shown in the nav and on the landing page instead of the name.',
    example: 'https://www.example.com/logo.png',
    validate: url,
  },
  {
    key: settingKeys.supportPhone,
    description: 'The phone merchants can call; shown on the landing page and in the SMS consent text. Unset: no phone is shown.',
    example: '+1 (800) 555-0100',
    validate: (v) => {
      const digits = v.replace(/\D/g, '').length;
      return /^[+\d\s().-]+$/.test(v) && digits >= 6 && digits <= 15 ? null : settingMessages.phoneInvalid;
    },
  },
  {
    key: settingKeys.contactUs,
    description: "Your public contact page: the partners' Contact Us link and the landing page's Get in touch button.",
    example: 'https://www.example.com/contact',
    validate: url,
  },
  {
    key: settingKeys.programTerms,
    description:
      'Optional: one line partners read after their terms. The terms themselves (bonus, residual share, minimum payout) are written from the commission plan, so state no amounts here.',
    example: 'Payments go out by ACH in the first week of the month.',
    validate: (v) => (v.length > 300 || /[\r\n]/.test(v) ? settingMessages.programTermsInvalid : null),
  },
  {
    key: settingKeys.registrationMode,
    description: 'Who may join the partner program.',
    example: 'open',
    validate: (v) => ((registrationModes as readonly string[]).includes(v) ? null : settingMessages.registrationModeInvalid),
    choices: [
      { value: 'open', label: 'Open', help: 'Anyone can sign up from the login page and starts at once.' },
      { value: 'approval', label: 'Approval', help: 'Anyone can apply; an admin approves each new partner before they start.' },
      { value: 'invite_only', label: 'Invite only', help: 'Sign-up is hidden; partners join only when an admin invites them.' },
    ],
  },
  {
    key: settingKeys.newLeadEmails,
    description: 'Emails to admins when a new referral arrives.',
    example: 'on',
    validate: (v) => (v === 'on' || v === 'off' ? null : settingMessages.newLeadEmailsInvalid),
    choices: [
      {
        value: 'on',
        label: 'On',
        help: 'Admins are emailed about every new referral (each admin can still turn it off in their own notifications).',
      },
      { value: 'off', label: 'Off', help: 'No admin is emailed about new referrals. Partners keep their own emails.' },
    ],
  },
  {
    key: settingKeys.adminTwoFactor,
    description: 'Whether admins must sign in with two-factor authentication (an authenticator app).',
    example: 'required',
    validate: (v) => (v === 'optional' || v === 'required' ? null : settingMessages.adminTwoFactorInvalid),
    choices: [
      { value: 'optional', label: 'Optional', help: 'Each admin decides whether to turn on two-factor authentication.' },
      {
        value: 'required',
        label: 'Required',
        help: 'Every admin must set up two-factor authentication before using the admin pages.',
      },
    ],
  },
  {
    key: settingKeys.dualPricingFee,
    description:
      'The non-cash adjustment card customers pay under the dual pricing program, in percent. Used by the savings estimate on the landing page. Unset: 3.99.',
    example: '3.99',
    validate: (v) => (parseDecimalSetting(v, 0, 10) === null ? settingMessages.dualPricingFeeInvalid : null),
    unit: '%',
  },
  {
    key: settingKeys.dualPricingMonthlyFee,
    description:
      'What the dual pricing program still costs the merchant each month, in dollars (a program fee). The savings estimate subtracts it. Unset: 0.',
    example: '0',
    validate: (v) => (parseDecimalSetting(v, 0, 100_000) === null ? settingMessages.dualPricingMonthlyFeeInvalid : null),
    unit: '$',
  },
  {
    key: settingKeys.dualPricingRemainingRate,
    description:
      'What the dual pricing program still costs the merchant in percent of card sales (for example debit card costs). The savings estimate subtracts it. Unset: 0.',
    example: '0',
    validate: (v) => (parseDecimalSetting(v, 0, 8) === null ? settingMessages.dualPricingRemainingRateInvalid : null),
    unit: '%',
  },
  {
    key: settingKeys.staleLeadDays,
    description:
      'After this many days without an update, a referral still in New, Contacted, Analysis in progress or Application shows "No update for N days" on /admin/leads. Unset: 7.',
    example: '7',
    validate: (v) => (/^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 365 ? null : settingMessages.staleLeadDaysInvalid),
    unit: 'days',
  },
];

/** The known setting a key names, matched without regard to case or surrounding spaces. */
export function findKnownSetting(key: string): KnownSetting | undefined {
  const wanted = key.trim().toLowerCase();
  return knownSettings.find((setting) => setting.key.toLowerCase() === wanted);
}

/** The refusal message for a value of this key, or null (unknown keys accept any value). */
export function validateSettingValue(key: string, value: string): string | null {
  return findKnownSetting(key)?.validate(value.trim()) ?? null;
}

export function registrationModeOf(value: string | null | undefined): RegistrationMode {
  const v = value?.trim();
  return (registrationModes as readonly string[]).includes(v ?? '') ? (v as RegistrationMode) : 'open';
}
