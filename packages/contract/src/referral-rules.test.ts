import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from './messages';
import { emailPattern, validateReferralForm, type ReferralForm } from './referral-rules';
import { buildReferralForm } from './testing';

const m = messages.referral;

const form = buildReferralForm({ email: 'maria@shop.example', description: 'Call after 5pm.' });

const errorsWith = (overrides: Partial<Record<keyof ReferralForm, unknown>>) => validateReferralForm({ ...form, ...overrides });

describe('validateReferralForm', () => {
  it('finds nothing wrong with a complete form', () => {
    expect(validateReferralForm(form)).toEqual({});
  });

  it('requires every field, in the form order', () => {
    const errors = validateReferralForm({
      businessName: '',
      fullName: '',
      email: '',
      businessType: '',
      countryCode: '',
      phoneNumber: '',
      description: '',
      smsConsent: false,
      marketingConsent: false,
    });
    expect(Object.entries(errors)).toEqual([
      ['businessName', m.businessNameRequired],
      ['fullName', m.fullNameRequired],
      ['email', m.emailRequired],
      ['businessType', m.industryRequired],
      ['countryCode', m.countryCodeRequired],
      ['phoneNumber', m.phoneRequired],
      ['description', m.notesRequired],
      ['smsConsent', m.smsConsentRequired],
      ['marketingConsent', m.marketingConsentRequired],
    ]);
  });

  it('treats missing, non-string and blank values as not given', () => {
    expect(Object.keys(validateReferralForm({}))).toEqual(Object.keys(form));
    expect(errorsWith({ businessName: 42, fullName: null, email: '   ', description: '\n\t ' })).toEqual({
      businessName: m.businessNameRequired,
      fullName: m.fullNameRequired,
      email: m.emailRequired,
      description: m.notesRequired,
    });
    expect(errorsWith({ phoneNumber: 4155550123 })).toEqual({ phoneNumber: m.phoneRequired });
    expect(errorsWith({ smsConsent: 'true', marketingConsent: 1 })).toEqual({
      smsConsent: m.smsConsentRequired,
      marketingConsent: m.marketingConsentRequired,
    });
  });

  it('rejects a malformed email', () => {
    for (const email of [
      'maria',
      'maria@',
      '@shop.example',
      'maria@shop',
      'maria@@shop.example',
      'ma ria@shop.example',
      '.maria@shop.example',
      'maria..cruz@shop.example',
    ]) {
      expect(errorsWith({ email }), email).toEqual({ email: m.emailInvalid });
    }
  });

  it('accepts an email with surrounding spaces, plus tags and subdomains', () => {
    for (const email of ['  maria@shop.example ', 'maria.cruz+leads@mail.shop.co.uk', "o'brien@shop-1.example"]) {
      expect(errorsWith({ email }), email).toEqual({});
    }
  });

  it('rejects an email longer than 254 characters as invalid', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(180)}.example`; // 253 characters
    expect(errorsWith({ email })).toEqual({});
    expect(errorsWith({ email: `aa${email}` })).toEqual({ email: m.emailInvalid });
  });

  it('accepts only a dial code of the country list', () => {
    expect(errorsWith({ countryCode: '+999' })).toEqual({ countryCode: m.countryCodeRequired });
    expect(errorsWith({ countryCode: '44' })).toEqual({ countryCode: m.countryCodeRequired });
    expect(errorsWith({ countryCode: ' +353 ' })).toEqual({});
  });

  it.each([
    ['0415555012', m.phoneLeadingZero],
    ['415-555-0123', m.phoneDigitsOnly],
    ['+14155550123', m.phoneDigitsOnly],
    ['12345', m.phoneTooShort],
    ['1234567890123456', m.phoneTooLong],
    ['   ', m.phoneRequired],
  ])('reports the first phone rule %j breaks', (phoneNumber, message) => {
    expect(errorsWith({ phoneNumber })).toEqual({ phoneNumber: message });
  });

  it('accepts 6 to 15 digits, surrounding spaces ignored', () => {
    expect(errorsWith({ phoneNumber: '123456' })).toEqual({});
    expect(errorsWith({ phoneNumber: ' 123456789012345 ' })).toEqual({});
  });

  it('requires both consents to be ticked', () => {
    expect(errorsWith({ smsConsent: false })).toEqual({ smsConsent: m.smsConsentRequired });
    expect(errorsWith({ marketingConsent: false })).toEqual({ marketingConsent: m.marketingConsentRequired });
  });

  it.each([
    ['businessName', 200],
    ['fullName', 200],
    ['businessType', 100],
    ['description', 5000],
  ] as const)('limits %s to %i characters after trimming', (field, max) => {
    expect(errorsWith({ [field]: ` ${'x'.repeat(max)} ` })).toEqual({});
    expect(errorsWith({ [field]: 'x'.repeat(max + 1) })).toEqual({ [field]: `Must be at most ${max} characters` });
  });
});

describe('the email rule', () => {
  it("is zod's z.email() pattern, which the server applies", () => {
    expect(emailPattern.source).toBe(z.regexes.email.source);
    expect(emailPattern.flags).toBe(z.regexes.email.flags);
  });

  it('agrees with z.email() on everyday and odd addresses', () => {
    const serverEmail = z.email();
    const samples = [
      'maria@shop.example',
      'MARIA@SHOP.EXAMPLE',
      'first.last@sub.domain.io',
      'tag+filter@shop.example',
      'under_score@shop.example',
      'user@localhost',
      'user@shop.c',
      'user@-shop.example',
      'user@shop..example',
      'user.@shop.example',
      'üser@shop.example',
      'user@shöp.example',
      'user@[127.0.0.1]',
      '"quoted"@shop.example',
    ];
    for (const email of samples) {
      const isAcceptedByForm = !('email' in errorsWith({ email }));
      expect(isAcceptedByForm, email).toBe(serverEmail.safeParse(email).success);
    }
  });
});
