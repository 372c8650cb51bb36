import { Secret, TOTP } from 'otpauth';
import qrcode from 'qrcode-generator';
import { twoFactorConstants } from '@portal/contract';

const { digits, periodSeconds: period, window } = twoFactorConstants;
const algorithm = 'SHA1'; // what every authenticator app supports (RFC 6238's default)

/** A new random TOTP secret (160 bits, RFC 4226's recommendation), base32. */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an authenticator app reads from the QR code. */
export function totpUrl(secret: string, issuer: string, account: string): string {
  return new TOTP({ issuer, label: account, secret: Secret.fromBase32(secret), algorithm, digits, period }).toString();
}

/** The code for a time (tests, and nothing else, generate codes). */
export function totpCodeAt(secret: string, timestampMs: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm, digits, period, timestamp: timestampMs });
}

/** The 30-second step a time falls in. */
export const totpStepAt = (timestampMs: number) => TOTP.counter({ period, timestamp: timestampMs });

/**
 * The step whose code `code` is, within one step either side of `timestampMs`, or null. The caller
 * accepts it only when it is later than the last step accepted (no replay).
 */
export function matchTotpStep(secret: string, code: string, timestampMs: number): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm,
    digits,
    period,
    timestamp: timestampMs,
    window,
  });
  return delta === null ? null : totpStepAt(timestampMs) + delta;
}

/** The QR code of a text as an SVG data: URL (the page shows it in an img; CSP allows data: images). */
export function qrSvgDataUrl(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const svg = qr.createSvgTag({ cellSize: 6, margin: 24, scalable: true });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
