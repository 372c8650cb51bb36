import { describe, expect, it } from 'vitest';
import { normaliseVisitSource, visitSourceLabel } from './workspace-constants';

describe('visit sources', () => {
  it("counts the share kit's and the proposal PDF's QR codes apart from utm sources", () => {
    expect(normaliseVisitSource('qr', undefined)).toBe('qr');
    expect(normaliseVisitSource(' Proposal ', 'facebook')).toBe('proposal');
    expect(normaliseVisitSource(undefined, 'proposal')).toBe('direct');
    expect(normaliseVisitSource('flyer', 'Facebook Ads')).toBe('facebook-ads');
    expect(visitSourceLabel('proposal')).toBe('Proposal PDF');
  });
});
