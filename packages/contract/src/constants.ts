/** Business constants of spec §9. */
export const limits = {
  requestTimeoutMs: 10_000,
  inactivityLogoutMs: 5 * 60_000,
  phoneMinDigits: 6,
  phoneMaxDigits: 15,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  pixelBannerMs: 3_000,
  copyCheckmarkMs: 2_000,
  defaultCountryCode: '+1',
  faqEntries: 8,
  resetTokenTtlMs: 60 * 60_000,
  sessionTtlMs: 30 * 24 * 60 * 60_000,
} as const;

/** The company's public contact page; the `Contact Us` setting replaces it when set. */
export const DEFAULT_CONTACT_URL = 'https://www.example-payments.com/contact';

/** Setting keys with a meaning to the product. */
export const settingKeys = {
  contactUs: 'Contact Us',
  supportPhone: 'Support Phone',
} as const;

export const DEFAULT_SUPPORT_PHONE = '+1 (800) 555-0199';

/** Browser storage keys of spec §3. */
export const storageKeys = {
  token: 'token',
  user: 'user',
  authStore: 'auth-storage',
} as const;

export const API_BASE = '/api/v1';
