import type { ReferralForm } from './referral-rules';

let sequence = 0;

/**
 * Test data only (imported as `@portal/contract/testing`, never by app code): a referral form
 * that passes every rule, with a fresh email on each call unless one is given.
 */
export function buildReferralForm(overrides: Partial<ReferralForm> = {}): ReferralForm {
  sequence += 1;
  return {
    businessName: 'Corner Shop',
    fullName: 'Maria de la Cruz',
    email: `maria-${sequence}@shop.example`,
    businessType: 'Retail',
    countryCode: '+1',
    phoneNumber: '4155550123',
    description: 'Call after 5pm',
    smsConsent: true,
    marketingConsent: true,
    ...overrides,
  };
}
