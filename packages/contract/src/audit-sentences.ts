// zod-free: the audit page and the server both read it.
import { leadStatusLabels, type LeadStatus } from './lead-statuses';
import { formatCents } from './commissions/money';
import { lineStatusLabels, type LineStatus } from './commissions/statuses';

/**
 * Every action the server writes to the audit log. The server's recordAudit takes only these, and each
 * has its own sentence below, so a new action does not compile until it is said in words.
 */
export const auditActions = [
  'lead.status',
  'lead.note',
  'lead.partner',
  'lead.owner',
  'lead.retry',
  'lead.export',
  'setting.create',
  'setting.update',
  'setting.delete',
  'application_questions.update',
  'user.invite',
  'user.invite_resend',
  'user.update',
  'user.disable',
  'user.enable',
  'user.approve',
  'user.reject',
  'user.send_reset',
  'user.revoke_sessions',
  'user.two_factor_reset',
  'two_factor.enable',
  'two_factor.disable',
  'two_factor.recovery_use',
  'two_factor.recovery_regenerate',
  'statement.publish',
  'statement.paid',
  'commission_plan.update',
  'commission_plan.partner',
  'resource.create',
  'resource.update',
  'resource.delete',
  'resource.file',
  'resource.reorder',
  'integrity.settings',
  'integrity.conflict_decision',
  'integrity.risk_resolve',
  'integrity.risk_void',
  'integrity.review_note',
  'commission_import.upload',
  'commission_import.commit',
  'commission_line.create',
  'commission_line.status',
  'commission_mid.ignore',
  'merchant_account.assign',
  'merchant_account.close',
  'merchant_account.splits',
  'partner.upline',
  'payout.status',
  'payout_batch.create',
  'payout_batch.rebuild',
  'payout_batch.nacha',
  'payout_batch.sent',
  'payout_details.update',
  'payout_details.reveal',
  'payout_review.approve',
  'payout_review.reject',
  'tax.threshold',
  'tax.1099_export',
  'tax.1099_correct',
  'webhook.create',
  'webhook.update',
  'webhook.rotate_secret',
  'webhook.delete',
  'webhook.resend',
  'api_key.create',
  'api_key.revoke',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** Each action as a short name, for the audit log's action filter. */
export const auditActionLabels: Record<AuditAction, string> = {
  'lead.status': 'Referral status moved',
  'lead.note': 'Referral note added',
  'lead.partner': 'Referral partner changed',
  'lead.owner': 'Referral owner changed',
  'lead.retry': 'CRM sync retried',
  'lead.export': 'Referrals exported',
  'setting.create': 'Setting added',
  'setting.update': 'Setting updated',
  'setting.delete': 'Setting deleted',
  'application_questions.update': 'Sign-up questions changed',
  'user.invite': 'User invited',
  'user.invite_resend': 'Invitation sent again',
  'user.update': 'User edited',
  'user.disable': 'User disabled',
  'user.enable': 'User enabled',
  'user.approve': 'Application approved',
  'user.reject': 'Application rejected',
  'user.send_reset': 'Password reset sent',
  'user.revoke_sessions': 'Signed out everywhere',
  'user.two_factor_reset': 'Two-factor reset',
  'two_factor.enable': 'Two-factor turned on',
  'two_factor.disable': 'Two-factor turned off',
  'two_factor.recovery_use': 'Recovery code used',
  'two_factor.recovery_regenerate': 'Recovery codes renewed',
  'statement.publish': 'Statement published',
  'statement.paid': 'Statement marked paid',
  'commission_plan.update': 'Commission plan changed',
  'commission_plan.partner': 'Partner terms changed',
  'resource.create': 'Resource added',
  'resource.update': 'Resource edited',
  'resource.delete': 'Resource deleted',
  'resource.file': 'Resource file uploaded',
  'resource.reorder': 'Resources reordered',
  'integrity.settings': 'Integrity rules changed',
  'integrity.conflict_decision': 'Conflict decided',
  'integrity.risk_resolve': 'Risk resolved',
  'integrity.risk_void': 'Held lines voided',
  'integrity.review_note': 'Review note added',
  'commission_import.upload': 'Residual report uploaded',
  'commission_import.commit': 'Residual import committed',
  'commission_line.create': 'Adjustment added',
  'commission_line.status': 'Commission line status changed',
  'commission_mid.ignore': 'Merchant ID ignored',
  'merchant_account.assign': 'Merchant account assigned',
  'merchant_account.close': 'Merchant account closed',
  'merchant_account.splits': 'Splits changed',
  'partner.upline': 'Team changed',
  'payout.status': 'Payout status changed',
  'payout_batch.create': 'Payout batch created',
  'payout_batch.rebuild': 'Payout batch rebuilt',
  'payout_batch.nacha': 'ACH file downloaded',
  'payout_batch.sent': 'Payout batch sent',
  'payout_details.update': 'Payout details changed',
  'payout_details.reveal': 'Bank account viewed',
  'payout_review.approve': 'Payout details accepted',
  'payout_review.reject': 'Payout details not accepted',
  'tax.threshold': '1099 threshold set',
  'tax.1099_export': '1099s exported',
  'tax.1099_correct': '1099 corrected',
  'webhook.create': 'Webhook added',
  'webhook.update': 'Webhook edited',
  'webhook.rotate_secret': 'Webhook secret renewed',
  'webhook.delete': 'Webhook deleted',
  'webhook.resend': 'Webhook delivery resent',
  'api_key.create': 'API key created',
  'api_key.revoke': 'API key revoked',
};

/** What a sentence needs of an audit entry (the API's AuditEntry has all of it). */
export interface AuditSentenceInput {
  actor: { name: string } | null;
  action: string;
  target_type: string;
  target_id: string | null;
  /** The target's name when the server knows it: a referral's business, a user's name. */
  target_name?: string | null;
  before: unknown;
  after: unknown;
}

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value : typeof value === 'number' ? String(value) : null;
const statusLabel = (value: unknown) => leadStatusLabels[value as LeadStatus] ?? text(value) ?? 'an unknown status';
const named = (value: unknown): string | null => text(field(value, 'name')) ?? text(field(value, 'full_name')) ?? text(value);
const lineStatusLabel = (value: unknown) => lineStatusLabels[value as LineStatus] ?? text(value)?.replace(/_/g, ' ');
const dollars = (cents: unknown) => (typeof cents === 'number' ? formatCents(cents) : null);
/** The review's kind in words: "tax form", "bank account". */
const reviewed = (after: unknown) => (field(after, 'kind') === 'bank_account' ? 'bank account' : 'tax form');

const targetNouns: Record<string, string> = {
  lead: 'a referral',
  user: 'a user',
  setting: 'a setting',
  resource: 'a resource',
  statement: 'a statement',
  payout: 'a payout',
  payout_batch: 'a payout batch',
  commission_plan: 'the commission plan',
  commission_line: 'a commission line',
  commission_import: 'a residual import',
  merchant_account: 'a merchant account',
  webhook_endpoint: 'a webhook',
  api_key: 'an API key',
  risk_item: 'a risk item',
  referral_conflict: 'a referral conflict',
  tax_year: 'a tax year',
  mid: 'a merchant ID',
};

/** The target as a reader names it: its name, a setting's key, or what kind of thing it is. */
function targetOf(entry: AuditSentenceInput): string {
  if (entry.target_name) return entry.target_name;
  if (entry.target_type === 'setting' && entry.target_id) return `“${entry.target_id}”`;
  return targetNouns[entry.target_type] ?? entry.target_type.replace(/_/g, ' ');
}

type Describe = (who: string, target: string, entry: AuditSentenceInput) => string;

/** One sentence per action the server records (an entry from before an action was renamed still reads as words). */
const sentences: Record<AuditAction, Describe> = {
  'lead.status': (who, target, { before, after }) =>
    `${who} changed the status of ${target} from ${statusLabel(field(before, 'status'))} to ${statusLabel(field(after, 'status'))}`,
  'lead.note': (who, target, { after }) =>
    `${who} added ${field(after, 'visible_to_partner') ? 'a note the partner sees' : 'an internal note'} to ${target}`,
  'lead.partner': (who, target, { before, after }) => {
    const from = named(field(before, 'partner'));
    const to = named(field(after, 'partner'));
    return `${who} credited ${target} to ${to ?? 'no partner'}${from ? ` instead of ${from}` : ''}`;
  },
  'lead.owner': (who, target, { after }) => {
    const to = named(field(after, 'owner'));
    return to ? `${who} made ${to} the owner of ${target}` : `${who} removed the owner of ${target}`;
  },
  'lead.retry': (who, target) => `${who} retried the CRM sync of ${target}`,
  'lead.export': (who) => `${who} exported referrals`,
  'setting.create': (who, target, { after }) => `${who} set ${target} to “${text(field(after, 'value')) ?? ''}”`,
  'setting.update': (who, target, { before, after }) =>
    `${who} changed ${target} from “${text(field(before, 'value')) ?? ''}” to “${text(field(after, 'value')) ?? ''}”`,
  'setting.delete': (who, target) => `${who} deleted the setting ${target}`,
  'application_questions.update': (who) => `${who} changed the sign-up questions`,
  'user.invite': (who, target) => `${who} invited ${target}`,
  'user.invite_resend': (who, target) => `${who} sent ${target} a new invitation`,
  'user.update': (who, target) => `${who} edited the account of ${target}`,
  'user.disable': (who, target) => `${who} disabled the account of ${target}`,
  'user.enable': (who, target) => `${who} enabled the account of ${target}`,
  'user.approve': (who, target) => `${who} approved the application of ${target}`,
  'user.reject': (who, target) => `${who} rejected the application of ${target}`,
  'user.send_reset': (who, target) => `${who} sent ${target} a password reset link`,
  'user.revoke_sessions': (who, target) => `${who} signed ${target} out everywhere`,
  'user.two_factor_reset': (who, target) => `${who} turned off two-factor authentication for ${target}`,
  'two_factor.enable': (who) => `${who} turned on two-factor authentication`,
  'two_factor.disable': (who) => `${who} turned off two-factor authentication`,
  'two_factor.recovery_use': (who) => `${who} signed in with a recovery code`,
  'two_factor.recovery_regenerate': (who) => `${who} made new recovery codes`,
  'statement.publish': (who, target) => `${who} published ${target}`,
  'statement.paid': (who, target) => `${who} marked ${target} paid`,
  'commission_plan.update': (who) => `${who} changed the commission plan`,
  'commission_plan.partner': (who, target) => `${who} changed the commission terms of ${target}`,
  'resource.create': (who, target) => `${who} added ${target}`,
  'resource.update': (who, target) => `${who} edited ${target}`,
  'resource.delete': (who, target) => `${who} deleted ${target}`,
  'resource.file': (who, target) => `${who} uploaded a new file for ${target}`,
  'resource.reorder': (who) => `${who} reordered the resources`,
  'integrity.settings': (who) => `${who} changed the integrity rules`,
  'integrity.conflict_decision': (who, target) => `${who} decided ${target}`,
  'integrity.risk_resolve': (who, target) => `${who} resolved ${target}`,
  'integrity.risk_void': (who, target) => `${who} voided the held lines of ${target}`,
  'integrity.review_note': (who, target) => `${who} added a review note to ${target}`,
  'commission_import.upload': (who) => `${who} uploaded a residual report`,
  'commission_import.commit': (who) => `${who} committed a residual import`,
  'commission_line.create': (who) => `${who} added a commission adjustment`,
  'commission_line.status': (who, _target, { after }) => {
    const to = lineStatusLabel(field(after, 'status'));
    return `${who} changed the status of a commission line${to ? ` to ${to}` : ''}`;
  },
  'commission_mid.ignore': (who) => `${who} ignored a merchant ID in the residual report`,
  'merchant_account.assign': (who) => `${who} assigned a merchant account to a partner`,
  'merchant_account.close': (who) => `${who} closed a merchant account`,
  'merchant_account.splits': (who) => `${who} changed the splits of a merchant account`,
  'partner.upline': (who, target) => `${who} changed the team of ${target}`,
  'payout.status': (who, _target, { after }) => {
    const to = text(field(after, 'status'))?.replace(/_/g, ' ');
    const amount = dollars(field(after, 'amount_cents'));
    return `${who} marked a payout${amount ? ` of ${amount}` : ''} ${to ?? 'changed'}`;
  },
  'payout_batch.create': (who) => `${who} created a payout batch`,
  'payout_batch.rebuild': (who) => `${who} rebuilt the draft payout batch`,
  'payout_batch.nacha': (who) => `${who} downloaded an ACH file`,
  'payout_batch.sent': (who) => `${who} marked a payout batch sent`,
  'payout_details.update': (who, target) => `${who} changed the payout details of ${target}`,
  'payout_details.reveal': (who, target) => `${who} viewed the full bank account of ${target}`,
  'payout_review.approve': (who, target, { after }) => `${who} accepted the ${reviewed(after)} of ${target}`,
  'payout_review.reject': (who, target, { after }) => {
    const reason = text(field(after, 'reason'));
    return `${who} did not accept the ${reviewed(after)} of ${target}${reason ? `: ${reason}` : ''}`;
  },
  'tax.threshold': (who, _target, { target_id, after }) => {
    const amount = dollars(field(after, 'threshold_cents'));
    return `${who} set the 1099 threshold for ${target_id ?? 'a year'}${amount ? ` to ${amount}` : ''}`;
  },
  'tax.1099_export': (who, _target, { target_id }) => `${who} exported the 1099s for ${target_id ?? 'a year'}`,
  'tax.1099_correct': (who, target, { after }) => {
    const year = text(field(after, 'year'));
    return `${who} corrected the 1099${year ? ` for ${year}` : ''} of ${target}`;
  },
  'webhook.create': (who) => `${who} added a webhook`,
  'webhook.update': (who) => `${who} edited a webhook`,
  'webhook.rotate_secret': (who) => `${who} edited a webhook and gave it a new signing secret`,
  'webhook.delete': (who) => `${who} deleted a webhook`,
  'webhook.resend': (who) => `${who} sent a webhook delivery again`,
  'api_key.create': (who) => `${who} created an API key`,
  'api_key.revoke': (who) => `${who} revoked an API key`,
};

/**
 * An audit entry as a sentence (issue 23 §9): "Ana Ruiz changed the status of Joe's Pizza from New
 * to Contacted". No codes and no JSON; the raw before and after stay available beside it.
 */
export function describeAuditEntry(entry: AuditSentenceInput): string {
  const who = entry.actor?.name ?? 'The system';
  const target = targetOf(entry);
  const describe = (sentences as Record<string, Describe | undefined>)[entry.action];
  if (describe) return describe(who, target, entry);
  // Unlisted: "payout_batch.sent" on a payout batch reads "… recorded: payout batch sent (a payout batch)".
  const [, verb = entry.action] = entry.action.split('.');
  return `${who}: ${verb.replace(/_/g, ' ')} on ${target}`;
}
