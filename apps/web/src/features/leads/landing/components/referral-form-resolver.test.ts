import { describe, expect, it } from 'vitest';
import { messages, type ReferralForm } from '@portal/contract';
import { referralFormResolver } from './referral-form-resolver';
import { buildReferralForm } from '@portal/contract/testing';

const form = buildReferralForm();

const resolve = (values: ReferralForm) =>
  referralFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('referralFormResolver', () => {
  it('passes a valid form through unchanged', async () => {
    expect(await resolve(form)).toEqual({ values: form, errors: {} });
  });

  it("reports each broken rule as a 'validate' error with the contract's message", async () => {
    expect(await resolve({ ...form, email: 'ann@', phoneNumber: '0415', marketingConsent: false })).toEqual({
      values: {},
      errors: {
        email: { type: 'validate', message: messages.referral.emailInvalid },
        phoneNumber: { type: 'validate', message: messages.referral.phoneLeadingZero },
        marketingConsent: { type: 'validate', message: messages.referral.marketingConsentRequired },
      },
    });
  });
});
