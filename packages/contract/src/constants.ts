import { parseUrl } from './url';

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

/**
 * The link or image URL to use for a saved value: an admin types it by hand, so only an absolute
 * http(s) URL may become an href or src; anything else (javascript:, malformed, unset) is null and
 * the screen shows nothing in its place.
 */
export function httpUrlOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!trimmed) return null;
  const url = parseUrl(trimmed);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? trimmed : null;
}

/** The product's neutral name, shown wherever the reseller has not set a Company Name. */
export const DEFAULT_COMPANY_NAME = 'Partner Portal';

/** Browser storage keys of spec §3. */
export const storageKeys = {
  token: 'token',
  user: 'user',
  authStore: 'auth-storage',
} as const;

export const API_BASE = '/api/v1';
