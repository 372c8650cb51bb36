import { describe, expect, it } from 'vitest';
import { hashToken, saltedHash } from './tokens';

// Stored sessions, IP and visitor hashes are compared with new ones: the digests must never change.
describe('token and salted hashes', () => {
  it('hashes exactly as the stored rows were hashed', () => {
    expect(hashToken('tok-123')).toBe('c8963414bf6c4c869eeac5f8a057c3dc574d422f1b108397b66f67bab3d2f981');
    expect(saltedHash('pepper', '203.0.113.7', 'visitor-1')).toBe(
      '5ec0ca34481ed93240bb531f665e86ba0f9e236e0c630996844e031d08f88579',
    );
  });
});
