import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A salted one-way hash for IPs and visitor ids: provable, not reversible. */
export function saltedHash(salt: string, ...parts: string[]): string {
  return createHash('sha256').update(salt).update('\0').update(parts.join('\0')).digest('hex');
}
