// zod-free: the audit page and the server both read it.
import { leadStatusLabels, type LeadStatus } from './lead-statuses';

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
};

/** The target as a reader names it: its name, a setting's key, or what kind of thing it is. */
function targetOf(entry: AuditSentenceInput): string {
  if (entry.target_name) return entry.target_name;
  if (entry.target_type === 'setting' && entry.target_id) return `“${entry.target_id}”`;
  return targetNouns[entry.target_type] ?? entry.target_type.replace(/_/g, ' ');
}

type Describe = (who: string, target: string, entry: AuditSentenceInput) => string;

/** One sentence per action the server records; an action not listed here still reads as words. */
const sentences: Record<string, Describe> = {
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
  'resource.reorder': (who) => `${who} reordered the resources`,
  'integrity.settings': (who) => `${who} changed the integrity rules`,
  'integrity.conflict_decision': (who, target) => `${who} decided ${target}`,
  'integrity.risk_resolve': (who, target) => `${who} resolved ${target}`,
  'integrity.risk_void': (who, target) => `${who} voided the held lines of ${target}`,
  'commission_import.upload': (who) => `${who} uploaded a residual report`,
  'commission_import.commit': (who) => `${who} committed a residual import`,
  'commission_line.create': (who) => `${who} added a commission adjustment`,
  'commission_line.status': (who) => `${who} changed the status of a commission line`,
  'commission_mid.ignore': (who) => `${who} ignored a merchant ID in the residual report`,
  'merchant_account.assign': (who) => `${who} assigned a merchant account to a partner`,
  'merchant_account.close': (who) => `${who} closed a merchant account`,
  'merchant_account.splits': (who) => `${who} changed the splits of a merchant account`,
  'partner.upline': (who, target) => `${who} changed the team of ${target}`,
  'payout.status': (who) => `${who} changed the status of a payout`,
  'payout_batch.nacha': (who) => `${who} downloaded an ACH file`,
  'payout_batch.sent': (who) => `${who} marked a payout batch sent`,
  'payout_details.update': (who, target) => `${who} changed the payout details of ${target}`,
  'payout_details.reveal': (who, target) => `${who} viewed the full bank account of ${target}`,
  'webhook.create': (who) => `${who} added a webhook`,
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
  const describe = sentences[entry.action];
  if (describe) return describe(who, target, entry);
  // Unlisted: "payout_batch.sent" on a payout batch reads "… recorded: payout batch sent (a payout batch)".
  const [, verb = entry.action] = entry.action.split('.');
  return `${who}: ${verb.replace(/_/g, ' ')} on ${target}`;
}
