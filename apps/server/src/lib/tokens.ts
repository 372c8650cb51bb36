import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash (one-shot: it runs on every authenticated request). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** A salted one-way hash for IPs and visitor ids: provable, not reversible. */
export function saltedHash(salt: string, ...parts: string[]): string {
  // One-shot over the same bytes as hashing salt, NUL and the joined parts in three updates.
  return hash('sha256', `${salt}\0${parts.join('\0')}`, 'hex');
}
