import { matchPath } from 'react-router';
import { paths } from '@/lib/paths';

/**
 * Each signed-in screen's own tab title (issue 23 §9): "Referrals · Acme Payments". One list, so a
 * new route gets its title here rather than in its page; the first pattern that matches wins.
 */
const pageTitles: ReadonlyArray<readonly [pattern: string, title: string]> = [
  [paths.admin.home, 'Dashboard'],
  [paths.admin.leads, 'Referrals'],
  [paths.admin.users, 'Users'],
  [paths.admin.userPattern, 'User'],
  [paths.admin.account, 'Your account'],
  [paths.admin.tutorials, 'Resources'],
  [paths.admin.settings, 'Settings'],
  [paths.admin.audit, 'Audit log'],
  [paths.admin.submit, 'Submit a referral'],
  [paths.admin.commissions, 'Commissions'],
  [paths.admin.partnerCommissionsPattern, "Partner's commissions"],
  [paths.admin.statementPattern, 'Statement'],
  [paths.admin.payouts, 'Payouts'],
  [paths.admin.conflicts, 'Conflicts'],
  [paths.admin.risk, 'Risk review'],
  [paths.admin.integritySettings, 'Integrity settings'],
  [paths.partner.dashboard, 'Dashboard'],
  [paths.partner.referrals, 'Referrals'],
  [`${paths.partner.referrals}/:id`, 'Referral'],
  [paths.partner.proposal, 'Savings proposal'],
  [paths.partner.submit, 'Submit a referral'],
  [paths.partner.tutorials, 'Resources'],
  [paths.partner.compensation, 'My Commissions'],
  [paths.partner.statementPattern, 'Statement'],
  [paths.partner.team, 'My team'],
  [paths.partner.settings, 'Settings'],
];

/** The title of the screen at `pathname`, or undefined (the tab then shows only the brand). */
export function pageTitleFor(pathname: string): string | undefined {
  return pageTitles.find(([pattern]) => matchPath(pattern, pathname))?.[1];
}
