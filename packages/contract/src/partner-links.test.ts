import { describe, expect, it } from 'vitest';
import { campaignTagOf, checkShortName, readCampaignTag, referralLinkMessages as m, referralLinkOf } from './partner-links';

const uuid = '6f1c2f7e-8a4b-4c8e-9d7a-2b1e5c3d4f60';

describe('referral links', () => {
  it('builds every shared link on PUBLIC_URL: the uuid link, the short link and a campaign link', () => {
    const publicUrl = 'https://partners.example.com/';
    expect(referralLinkOf(publicUrl, { uuid })).toBe(`https://partners.example.com/referral/${uuid}`);
    expect(referralLinkOf(publicUrl, { uuid, shortName: 'joe-pay' })).toBe('https://partners.example.com/r/joe-pay');
    expect(referralLinkOf(publicUrl, { uuid, shortName: 'joe-pay', tag: 'spring-flyers' })).toBe(
      'https://partners.example.com/r/joe-pay?c=spring-flyers',
    );
    expect(referralLinkOf(publicUrl, { uuid, tag: 'fair' })).toBe(`https://partners.example.com/referral/${uuid}?c=fair`);
  });

  it('makes a tag from a campaign name and cleans a tag a link brings', () => {
    expect(campaignTagOf('  Spring Flyers! 2026 ')).toBe('spring-flyers-2026');
    expect(campaignTagOf('!!!')).toBe('');
    expect(readCampaignTag('Trade Show')).toBe('trade-show');
    expect(readCampaignTag('')).toBeNull();
    expect(readCampaignTag(42)).toBeNull();
  });

  it('checks a short name', () => {
    expect(checkShortName('joe-payments')).toBeNull();
    expect(checkShortName('LOGIN')).toBe(m.shortNameReserved);
    expect(checkShortName('joe_payments')).toBe(m.shortNameCharacters);
    expect(checkShortName('jo')).toBe(m.shortNameLength);
  });
});
