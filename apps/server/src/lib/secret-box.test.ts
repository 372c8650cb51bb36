import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './secret-box';

describe('secret box (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('round-trips, with a fresh IV each time, and never shows the plaintext', () => {
    const a = encryptSecret(key, 'EAAtoken', 'ctx:1');
    const b = encryptSecret(key, 'EAAtoken', 'ctx:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('EAAtoken');
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(decryptSecret(key, a, 'ctx:1')).toBe('EAAtoken');
  });

  it('refuses another key, another context and a tampered value', () => {
    const stored = encryptSecret(key, 'EAAtoken', 'ctx:1');
    expect(decryptSecret(randomBytes(32), stored, 'ctx:1')).toBeNull();
    expect(decryptSecret(key, stored, 'ctx:2')).toBeNull();
    const [v, iv, tag, ct] = stored.split('.');
    const flipped = Buffer.from(ct!, 'base64url');
    flipped[0]! ^= 1;
    expect(decryptSecret(key, [v, iv, tag, flipped.toString('base64url')].join('.'), 'ctx:1')).toBeNull();
    expect(decryptSecret(key, 'plain-token', 'ctx:1')).toBeNull();
  });
});
