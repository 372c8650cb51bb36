import { describe, expect, it } from 'vitest';
import { limits } from '@portal/contract';
import { faqEntries } from './content/faq-entries';
import { readReferralUuid } from './referral-entry';

describe('readReferralUuid', () => {
  const uuid = '6f1c2f7e-8a4b-4c8e-9d7a-2b1e5c3d4f60';

  it('reads the partner uuid from /referral/{uuid}', () => {
    expect(readReferralUuid(`/referral/${uuid}`)).toBe(uuid);
    expect(readReferralUuid(`/referral/${uuid}/`)).toBe(uuid);
    expect(readReferralUuid(`/referral/${uuid.toUpperCase()}`)).toBe(uuid.toUpperCase());
  });

  it('treats a missing or malformed uuid as no referral link', () => {
    expect(readReferralUuid('/referral/')).toBeNull();
    expect(readReferralUuid('/referral')).toBeNull();
    expect(readReferralUuid('/referral/not-a-uuid')).toBeNull();
    expect(readReferralUuid('/referral/%E0%A4%A')).toBeNull();
  });
});

it('has the spec number of FAQ entries, each with a question and an answer', () => {
  expect(faqEntries).toHaveLength(limits.faqEntries);
  for (const entry of faqEntries) {
    expect(entry.question).toMatch(/\?$/);
    expect(entry.answer.length).toBeGreaterThan(80);
  }
});
