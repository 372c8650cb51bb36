import { z } from 'zod';
import { successEnvelope } from './envelope';
import { cursorPage, cursorPageQuery } from './paging';

/**
 * Referral integrity (issue 25): who owns a merchant referred twice, and the fraud signals that
 * protect the bonus budget. Admin-only except the partner's pre-check.
 */

export const ownerRules = ['first_valid', 'latest'] as const;
export type OwnerRule = (typeof ownerRules)[number];
export const ownerRuleLabels: Record<OwnerRule, string> = {
  first_valid: 'First valid referral',
  latest: 'Latest referral',
};

export const riskSignals = [
  'self_referral',
  'same_device',
  'disposable_email',
  'velocity',
  're_sign',
  'shared_identity',
] as const;
export type RiskSignal = (typeof riskSignals)[number];
export const riskSignalLabels: Record<RiskSignal, string> = {
  self_referral: 'Self-referral',
  same_device: 'Same device',
  disposable_email: 'Disposable email domain',
  velocity: 'Velocity',
  re_sign: 'Re-signed merchant',
  shared_identity: 'One identity, two partners',
};

/**
 * flag: a row in the risk queue; hold: also the referral's bonus and residuals wait (under review);
 * block: the referral is accepted as the merchant sees it, but nothing is owed for it (its bonus and
 * residuals are written void, "Under review" to the partner) unless an admin resolves the item.
 */
export const riskActions = ['flag', 'hold', 'block'] as const;
export type RiskAction = (typeof riskActions)[number];
export const riskActionLabels: Record<RiskAction, string> = {
  flag: 'Flag',
  hold: 'Hold the bonus',
  block: 'Block',
};

export const integrityMessages = {
  settingsSaved: 'Integrity settings saved',
  settingsJsonInvalid: 'Enter the integrity rules as saved on Referral integrity → Settings',
  windowRange: 'Enter a number of days from 1 to 730',
  velocityRange: 'Enter a number from 1 to 1000',
  conflictNotFound: 'Conflict not found',
  conflictDecided: 'This conflict has already been decided',
  decisionSaved: 'Decision saved; both partners have been told',
  reasonRequired: 'Please give a reason',
  shareRange: 'Enter a share from 1 to 99 percent',
  riskNotFound: 'Risk item not found',
  riskClosed: 'This risk item is already closed',
  noteRequired: 'Please add a note',
  confirmVoid: 'Type VOID to confirm',
  resolved: 'Marked as resolved',
  voided: 'Held lines voided as fraud',
  precheckNeedsField: 'Enter a business name, an email or a phone number',
  precheckLimit: 'You have used today’s 20 checks. Please try again tomorrow.',
  alreadyCustomer: 'Already a customer — not eligible',
  underReview: 'Under review',
  reviewNoteRequired: 'Please write a note',
  reviewNoteSaved: 'Note sent to the reviewer',
  reviewNoteNotUnderReview: 'A note can be added only while the referral is under review',
  referralNotFound: 'Referral not found',
  // Neutral words for both partners of a conflict: neither ever learns who the other is.
  mailEarlierSubject: 'About your referral',
  mailEarlier: (business: string) =>
    `An earlier referral for this business was received: ${business}. This referral is not credited to you.`,
  mailAwardedSubject: 'Your referral was awarded to you',
  mailAwarded: (business: string) => `Awarded to you: ${business}.`,
  mailSplit: (business: string, sharePct: number) => `Awarded to you, shared (${sharePct}% to you): ${business}.`,
  mailRejectedSubject: 'About your referral',
  mailRejected: (business: string) =>
    `An earlier referral for this business was received: ${business}. This referral is not eligible for a bonus.`,
  mailWindowSubject: 'Your referral protection ends soon',
  mailWindow: (business: string, endsOn: string) =>
    `Your protection for ${business} ends on ${endsOn} (UTC). Move the referral forward to keep it.`,
  mailRiskReminderSubject: 'Risk items waiting for review',
  mailRiskReminder: (count: number) => `${count} risk ${count === 1 ? 'item waits' : 'items wait'} for review.`,
} as const;

const m = integrityMessages;

const signalSettingSchema = z.object({ enabled: z.boolean(), action: z.enum(riskActions) });
export type SignalSetting = z.infer<typeof signalSettingSchema>;

/** GET|PUT /admin/integrity-settings */
export const integritySettingsSchema = z.object({
  owner_rule: z.enum(ownerRules),
  window_days: z.number({ error: m.windowRange }).int(m.windowRange).min(1, m.windowRange).max(730, m.windowRange),
  /** Each status move of the owner's referral pushes the window's end to the move plus window_days. */
  extend_while_moving: z.boolean(),
  /** A referral matching an approved merchant is "Already a customer — not eligible". */
  existing_customer_rule: z.boolean(),
  signals: z.object(
    Object.fromEntries(riskSignals.map((s) => [s, signalSettingSchema])) as Record<RiskSignal, typeof signalSettingSchema>,
  ),
  velocity_per_link_per_hour: z
    .number({ error: m.velocityRange })
    .int(m.velocityRange)
    .min(1, m.velocityRange)
    .max(1000, m.velocityRange),
  velocity_per_visitor_per_hour: z
    .number({ error: m.velocityRange })
    .int(m.velocityRange)
    .min(1, m.velocityRange)
    .max(1000, m.velocityRange),
  /** Partners who submit on behalf of merchants: exempt from the self-referral domain rule. */
  domain_exempt_partner_ids: z.array(z.number().int().positive()).max(500),
});
export type IntegritySettings = z.infer<typeof integritySettingsSchema>;

/** The settings row that holds the rules as JSON, edited through /admin/integrity-settings. */
export const integritySettingKey = 'Integrity Settings';

/**
 * Why a raw value typed in the generic settings editor is not the integrity rules, or null when it
 * is: the same schema as PUT /admin/integrity-settings, so no hand edit can switch a rule off by a typo.
 */
export function integritySettingsRefusal(raw: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return m.settingsJsonInvalid;
  }
  const result = integritySettingsSchema.safeParse(parsed);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return `${m.settingsJsonInvalid} (${issue.path.join('.') || 'value'}: ${issue.message})`;
}
export const integritySettingsResponse = successEnvelope(integritySettingsSchema);

export const defaultIntegritySettings: IntegritySettings = {
  owner_rule: 'first_valid',
  window_days: 90,
  extend_while_moving: true,
  existing_customer_rule: true,
  signals: {
    self_referral: { enabled: true, action: 'hold' },
    same_device: { enabled: true, action: 'flag' },
    disposable_email: { enabled: true, action: 'flag' },
    velocity: { enabled: true, action: 'flag' },
    re_sign: { enabled: true, action: 'hold' },
    shared_identity: { enabled: true, action: 'flag' },
  },
  velocity_per_link_per_hour: 10,
  velocity_per_visitor_per_hour: 3,
  domain_exempt_partner_ids: [],
};

/** What a new referral matched on. */
export const matchKinds = ['phone', 'email', 'domain', 'name'] as const;
export type MatchKind = (typeof matchKinds)[number];
export const matchKindLabels: Record<MatchKind, string> = {
  phone: 'Phone',
  email: 'Email',
  domain: 'Email domain',
  name: 'Business name',
};

export const conflictStatuses = ['open', 'decided'] as const;
export const conflictDecisions = ['award_first', 'award_second', 'split', 'reject_both'] as const;
export type ConflictDecision = (typeof conflictDecisions)[number];
export const conflictDecisionLabels: Record<ConflictDecision, string> = {
  award_first: 'Award to the first referral',
  award_second: 'Award to the second referral',
  split: 'Split',
  reject_both: 'Reject both',
};

/** A partner's note on their referral while it is under review (the partner's own words, shown to admins). */
export const reviewNoteSchema = z.object({ at: z.string(), lead_id: z.string(), business: z.string(), note: z.string() });
export type ReviewNote = z.infer<typeof reviewNoteSchema>;
/** POST /leads/mine/{id}/review-notes */
export const reviewNoteRequest = z
  .object({ note: z.string({ error: m.reviewNoteRequired }).trim().min(1, m.reviewNoteRequired).max(2000) })
  .strict();
/** GET|POST /leads/mine/{id}/review-notes: the partner's own notes on this referral, oldest first. */
export const reviewNotesResponse = successEnvelope(z.object({ items: z.array(reviewNoteSchema) }));

/** One side of a conflict, as an admin sees it. */
export const conflictSideSchema = z.object({
  lead_id: z.string(),
  business: z.string(),
  contact: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.string(),
  partner: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  submitted_at: z.string(),
  /** landing_page (the partner's link or QR), portal (the partner's form), admin. */
  source: z.string(),
  /** The link's visit source of the day (qr, direct, a utm_source), for landing-page referrals. */
  visit_source: z.string().nullable(),
  first_visit_at: z.string().nullable(),
  consent: z.object({
    sms: z.boolean(),
    sms_at: z.string().nullable(),
    marketing: z.boolean(),
    marketing_at: z.string().nullable(),
    text_version: z.string(),
  }),
  /** The partner's notes on this referral while under review. */
  partner_notes: z.array(reviewNoteSchema),
});
export type ConflictSide = z.infer<typeof conflictSideSchema>;

export const conflictSchema = z.object({
  id: z.string(),
  status: z.enum(conflictStatuses),
  matched_on: z.array(z.enum(matchKinds)),
  created_at: z.string(),
  /** What the owner rule suggests: the first referral, or the latest. */
  suggested: z.enum(['first', 'second']),
  first: conflictSideSchema,
  second: conflictSideSchema,
  decision: z.enum(conflictDecisions).nullable(),
  first_share_bps: z.number().nullable(),
  reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type Conflict = z.infer<typeof conflictSchema>;
export const conflictListQuery = cursorPageQuery.extend({ status: z.enum(conflictStatuses).optional() });
export const conflictListResponse = successEnvelope(cursorPage(conflictSchema));

export const conflictDecisionRequest = z
  .object({
    decision: z.enum(conflictDecisions, { error: 'Please choose a decision' }),
    reason: z.string({ error: m.reasonRequired }).trim().min(1, m.reasonRequired).max(1000),
    /** Split only: the first partner's share in percent (1–99); 50 when left out. */
    first_share_pct: z.number({ error: m.shareRange }).int(m.shareRange).min(1, m.shareRange).max(99, m.shareRange).optional(),
  })
  .strict();
export type ConflictDecisionRequest = z.infer<typeof conflictDecisionRequest>;
export const conflictResponse = successEnvelope(conflictSchema);

/** POST /leads/mine/precheck */
export const precheckRequest = z
  .object({
    business_name: z.string().trim().max(200).optional(),
    email: z.string().trim().max(254).optional(),
    country_code: z.string().trim().max(8).optional(),
    phone: z.string().trim().max(40).optional(),
  })
  .refine((b) => Boolean(b.business_name || b.email || b.phone), { message: m.precheckNeedsField, path: ['business_name'] });
export type PrecheckRequest = z.infer<typeof precheckRequest>;
/** Only available or taken: never who, never what matched. */
export const precheckResponse = successEnvelope(
  z.object({ result: z.enum(['available', 'taken']), remaining_today: z.number() }),
);

export const riskItemStatuses = ['open', 'resolved', 'voided'] as const;
export type RiskItemStatus = (typeof riskItemStatuses)[number];

export const riskEvidenceSchema = z.object({
  at: z.string(),
  lead_id: z.string().nullable(),
  business: z.string().nullable(),
  /** Masked: "jo***@example.com", "***0123"; hashes are never shown. */
  detail: z.string(),
});
export const riskHeldLineSchema = z.object({
  id: z.string(),
  amount_cents: z.number(),
  status: z.string(),
  business: z.string().nullable(),
});
export const riskItemSchema = z.object({
  id: z.string(),
  partner: z.object({ id: z.number(), name: z.string(), email: z.string(), status: z.string() }),
  signal: z.enum(riskSignals),
  action: z.enum(riskActions),
  status: z.enum(riskItemStatuses),
  count: z.number(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  note: z.string().nullable(),
  suppressed: z.boolean(),
});
export type RiskItem = z.infer<typeof riskItemSchema>;
export const riskItemDetailSchema = riskItemSchema.extend({
  evidence: z.array(riskEvidenceSchema),
  held_lines: z.array(riskHeldLineSchema),
  /** The partner's notes on the related referrals while under review. */
  partner_notes: z.array(reviewNoteSchema),
});
export type RiskItemDetail = z.infer<typeof riskItemDetailSchema>;
export const riskListQuery = cursorPageQuery.extend({ status: z.enum(riskItemStatuses).optional() });
export const riskListResponse = successEnvelope(cursorPage(riskItemSchema));
export const riskItemResponse = successEnvelope(riskItemDetailSchema);
export const riskResolveRequest = z
  .object({
    note: z.string({ error: m.noteRequired }).trim().min(1, m.noteRequired).max(2000),
    dont_flag_again: z.boolean().default(false),
  })
  .strict();
export const riskVoidRequest = z
  .object({
    note: z.string({ error: m.noteRequired }).trim().min(1, m.noteRequired).max(2000),
    confirm: z.literal('VOID', { error: m.confirmVoid }),
  })
  .strict();
