import { describe, expect, expectTypeOf, it } from 'vitest';
import { createLeadRequest, readLeadRequest, referralFormSchema, type CreateLeadRequest } from './leads';
import { messages } from './messages';
import {
  composeDescription,
  composeLeadPayload,
  consentTextVersion,
  parseDescription,
  parseTitle,
  referralConsentTexts,
  splitFullName,
  type LeadPayload,
  validateReferralForm,
} from './referral-rules';
import { buildReferralForm } from './testing';

const form = buildReferralForm({
  fullName: '  Maria  de la Cruz ',
  email: 'maria@shop.example',
  description: 'Call after 5pm.\nAsk for Maria.',
});

describe('referralFormSchema', () => {
  it("reports validateReferralForm's messages, one issue per field, under the field's path", () => {
    const bad = { ...form, email: 'maria@', phoneNumber: '0415', smsConsent: false };
    const result = referralFormSchema.safeParse(bad);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual(
      Object.entries(validateReferralForm(bad)),
    );
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      messages.referral.emailInvalid,
      messages.referral.phoneLeadingZero,
      messages.referral.smsConsentRequired,
    ]);
  });

  it('reports a missing field as required', () => {
    const { error } = referralFormSchema.safeParse({ ...form, fullName: undefined, marketingConsent: undefined });
    expect(error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['fullName', messages.referral.fullNameRequired],
      ['marketingConsent', messages.referral.marketingConsentRequired],
    ]);
  });

  it('trims the text fields of a valid form', () => {
    expect(referralFormSchema.parse({ ...form, email: ' maria@shop.example ' })).toEqual({
      ...form,
      fullName: 'Maria  de la Cruz',
      description: 'Call after 5pm.\nAsk for Maria.',
    });
  });
});

describe('composeLeadPayload', () => {
  it('composes spec §3 payload: first word, the rest, dial code + digits, consent lines and notes', () => {
    expect(composeLeadPayload(form, 'abc')).toEqual({
      uuid: 'abc',
      First_Name: 'Maria',
      Last_Name: 'de la Cruz',
      Email: 'maria@shop.example',
      Company: 'Corner Shop',
      Business_Type: 'Retail',
      Title: '+14155550123',
      Description: 'SMS Consent: Yes\nMarketing Consent: Yes\nAdditional Notes: Call after 5pm.\nAsk for Maria.',
      countryCode: '+1',
      phoneNumber: '4155550123',
      smsConsent: true,
      marketingConsent: true,
      notes: 'Call after 5pm.\nAsk for Maria.',
    });
  });

  it('leaves Last_Name empty for a one-word name', () => {
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });

  it("writes No for a consent not given and 'None provided' for empty notes", () => {
    expect(composeDescription({ smsConsent: false, marketingConsent: true, notes: '  ' })).toBe(
      'SMS Consent: No\nMarketing Consent: Yes\nAdditional Notes: None provided',
    );
  });

  it('carries the consent text version when given', () => {
    const payload = composeLeadPayload({ ...form, countryCode: '+353' }, 'abc', {
      consentTextVersion: consentTextVersion('+1 800'),
    });
    expect(payload.Title).toBe('+3534155550123');
    expect(payload.consentTextVersion).toBe('v1:+1 800');
  });

  it('is accepted by the server schema as composed', () => {
    expect(createLeadRequest.safeParse(composeLeadPayload(form, 'abc')).success).toBe(true);
    expectTypeOf<LeadPayload>().toExtend<CreateLeadRequest>();
  });
});

describe('reading a payload back', () => {
  it('splits a Title on the longest known dial code', () => {
    expect(parseTitle('+353861234567')).toEqual({ countryCode: '+353', phoneNumber: '861234567' });
    expect(parseTitle('+447911123456')).toEqual({ countryCode: '+44', phoneNumber: '7911123456' });
    expect(parseTitle('4155550123')).toBeNull();
  });

  it('reads consents and multi-line notes from a composed Description', () => {
    const description = composeLeadPayload(form, 'abc').Description;
    expect(parseDescription(description)).toEqual({
      smsConsent: true,
      marketingConsent: true,
      notes: 'Call after 5pm.\nAsk for Maria.',
    });
  });

  it('reads the same lead from the spec fields alone as from the structured ones', () => {
    const {
      countryCode: _c,
      phoneNumber: _p,
      smsConsent: _s,
      marketingConsent: _m,
      notes: _n,
      ...specOnly
    } = composeLeadPayload(form, 'abc');
    expect(readLeadRequest(specOnly)).toEqual(readLeadRequest(composeLeadPayload(form, 'abc')));
    expect(readLeadRequest(specOnly).problems).toEqual({});
  });

  it('reports a missing consent line under Description', () => {
    const { problems } = readLeadRequest({ Title: '+14155550123', Description: 'just notes' });
    expect(problems).toEqual({ Description: messages.referral.smsConsentRequired });
  });
});

describe('consent text', () => {
  it('names the support phone for HELP and says to reply STOP', () => {
    const { sms } = referralConsentTexts('+1 (800) 555-0199');
    expect(sms).toContain('HELP or call +1 (800) 555-0199');
    expect(sms).toContain('Reply STOP to unsubscribe');
  });
});
