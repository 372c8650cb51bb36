import { describe, expect, it } from 'vitest';
import { hashEmail, hashPhone, isMetaCookieValue, normaliseEmail, normalisePhone } from './meta-hashing';

// Meta's documented examples (Conversions API, customer information parameters).
describe("Meta's normalisation and hashing", () => {
  it('hashes the email example: trimmed, lowercase, SHA-256 hex', () => {
    expect(normaliseEmail('  John_Smith@gmail.com ')).toBe('john_smith@gmail.com');
    expect(hashEmail('John_Smith@gmail.com')).toBe('62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f');
  });

  it('hashes the phone example: digits only with the country code', () => {
    expect(normalisePhone('+1', '(650)555-1212')).toBe('16505551212');
    expect(hashPhone('+1', '6505551212')).toBe('e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176');
    expect(normalisePhone('+44', '8444124653')).toBe('448444124653');
    expect(hashPhone('', '')).toBeNull();
  });

  it('recognises _fbp / _fbc values as Meta writes them', () => {
    expect(isMetaCookieValue('fb.1.1596403881668.1116446470')).toBe(true);
    expect(isMetaCookieValue('fb.1.1554763741205.AbCdEfGhIjKlMnOpQrStUvWxYz1234567890')).toBe(true);
    expect(isMetaCookieValue('GA1.2.3')).toBe(false);
    expect(isMetaCookieValue(undefined)).toBe(false);
  });
});
