import { formatBps } from './money';
import { monthLabel } from './months';

// Commissions: partner hierarchies and split residuals (issue 21). Every user-facing string of the
// team and split features; kept apart from `commissionMessages` so both can grow without conflicts.

export const teamMessages = {
  // plan
  overRate: 'Enter a rate between 0% and 100%',
  overridesPayTooMuch: (max: number) =>
    `These rates could pay out ${formatBps(Math.ceil(max))} of the net; the residual share and the override rates together may pay at most 100%`,
  tooManyLevels: 'At most 5 override levels',
  endMonthNeedsRate: 'Enter the rate that applies after the end month',
  // tree
  uplineSelf: 'A partner cannot be their own upline',
  uplineCycle: "This partner is in the other partner's upline; choosing them would make a loop",
  uplineTooDeep: (max: number) =>
    `The team would be more than ${max} level${max === 1 ? '' : 's'} deep below its top partner (the program's limit)`,
  uplineNotPartner: 'Choose an active partner as the upline',
  uplineNotFound: 'Upline partner not found',
  downlineRequired: 'Choose what happens to this partner’s team',
  uplineSaved: 'Upline saved',
  uplineRemoved: 'Upline removed',
  recruitSaved: 'Recruiting setting saved',
  maxDepthInvalid: 'Enter a depth between 1 and 5 levels',
  // splits
  splitsSaved: (month: string) => `Splits saved from ${monthLabel(month)}`,
  splitsPublished: (month: string) =>
    `Statements for ${monthLabel(month)} are already published; choose a later month so published statements stay as they are`,
  splitsChainInvalid: 'Levels must run 0, 1, 2 … with each partner once',
  splitsLevelZero: "Level 0 must be the merchant's own partner",
  // import
  rowBreaksSum: (row: number, mid: string) =>
    `Row ${row} (Merchant ID ending ${mid.slice(-4)}): the splits would pay out more than the net; fix the merchant's splits`,
  importSplitsBroken: 'A row would pay its team more than its net; fix the splits of the merchants listed and upload again',
  // statements and mail
  teamMember: 'Team member',
  overrideDescription: (member: string, midLast4: string, basis: string, bps: number) =>
    `Override on ${member}'s merchant ••${midLast4} · ${basis} · ${formatBps(bps)}`,
  teamMerchantApprovedSubject: 'Your team member’s merchant was approved',
  teamMerchantApprovedBody: (member: string, business: string) =>
    `${member} on your team referred ${business}, which is now an approved merchant. You earn an override on its residuals.`,
  noTeam: 'No team members yet',
  recruitLinkInvalid: 'This recruit link is no longer valid. Ask the partner who shared it for a new one.',
  recruitTeamFull: 'This partner’s team is as deep as the program allows; ask the program for a sign-up link instead.',
} as const;
