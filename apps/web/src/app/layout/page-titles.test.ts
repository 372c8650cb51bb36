import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { pageTitleFor } from './page-titles';

describe('pageTitleFor', () => {
  it('gives each admin screen its own title', () => {
    const screens = (Object.values(paths.admin) as unknown[]).filter(
      (p): p is string => typeof p === 'string' && !p.includes(':'),
    );
    const titles = screens.map(pageTitleFor);
    expect(titles).not.toContain(undefined);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('gives each partner screen its own title, and detail pages theirs', () => {
    const screens = [
      paths.partner.dashboard,
      paths.partner.referrals,
      paths.partner.referral('abc'),
      paths.partner.submit,
      paths.partner.tutorials,
      paths.partner.compensation,
      paths.partner.statement(3),
      paths.partner.team,
      paths.partner.settings,
      paths.partner.proposal,
    ];
    const titles = screens.map(pageTitleFor);
    expect(titles).not.toContain(undefined);
    expect(new Set(titles).size).toBe(titles.length);
    expect(pageTitleFor(paths.admin.statement(7))).toBe('Statement');
    expect(pageTitleFor('/nowhere')).toBeUndefined();
  });
});
