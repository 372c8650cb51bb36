import { createHash } from 'node:crypto';

/**
 * Meta's customer information parameters: normalised, then SHA-256 as lowercase hex
 * (developers.facebook.com/docs/marketing-api/conversions-api/parameters/customer-information-parameters).
 */
export const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** em: leading and trailing spaces trimmed, every character lowercase. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * ph: digits only, with the country code, without leading zeros. The lead stores the dial code
 * ("+44") and the national number apart; both go in.
 */
export function normalisePhone(countryCode: string, nationalNumber: string): string {
  return `${countryCode}${nationalNumber}`.replace(/\D+/g, '').replace(/^0+/, '');
}

export const hashEmail = (email: string) => sha256Hex(normaliseEmail(email));
export function hashPhone(countryCode: string, nationalNumber: string): string | null {
  const digits = normalisePhone(countryCode, nationalNumber);
  return digits ? sha256Hex(digits) : null;
}

/** `_fbp` / `_fbc` cookie values as Meta writes them (fb.<subdomain index>.<time>.<value>); others are not sent. */
export const isMetaCookieValue = (value: string | undefined): value is string => !!value && /^fb\.\d\.\d+\.\S+$/.test(value);
