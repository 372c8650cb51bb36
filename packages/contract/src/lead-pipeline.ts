import { z } from 'zod';
import { leadAttachmentSchema } from './lead-replies';
import { successEnvelope } from './envelope';
import { cursorPage, cursorPageQuery, isoDay, maxRowId } from './paging';
import { leadStatusLabels, leadStatuses, type LeadStatus } from './lead-statuses';

export const leadStatusSchema = z.enum(leadStatuses);

/** Allowed moves; approved and unqualified are final, lost may only be reopened to contacted. */
export const leadStatusMoves: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'analysis', 'lost', 'unqualified'],
  contacted: ['analysis', 'application', 'approved', 'lost', 'unqualified'],
  analysis: ['contacted', 'application', 'approved', 'lost', 'unqualified'],
  application: ['contacted', 'analysis', 'approved', 'lost', 'unqualified'],
  approved: [],
  lost: ['contacted'],
  unqualified: [],
};

export function canMoveLead(from: LeadStatus, to: LeadStatus): boolean {
  return leadStatusMoves[from].includes(to);
}

export const lostReasons = {
  no_response: 'Merchant did not respond',
  chose_competitor: 'Chose another provider',
  declined_underwriting: 'Declined in underwriting',
  not_interested: 'Not interested',
  other: 'Other',
} as const;
export const unqualifiedReasons = {
  existing_customer: 'Already a customer',
  unsupported_business: 'Business type not supported',
  low_volume: 'Volume below minimum',
  outside_area: 'Outside service area',
  invalid_contact: 'Contact details invalid',
  other: 'Other',
} as const;
export type LostReason = keyof typeof lostReasons;
export type UnqualifiedReason = keyof typeof unqualifiedReasons;
export type LeadReason = LostReason | UnqualifiedReason;

/** The reasons a move to this status needs, or null when it needs none. */
export function reasonsFor(status: LeadStatus): Record<string, string> | null {
  if (status === 'lost') return lostReasons;
  if (status === 'unqualified') return unqualifiedReasons;
  return null;
}

export function reasonLabel(reason: string | null | undefined): string | null {
  if (!reason) return null;
  return (lostReasons as Record<string, string>)[reason] ?? (unqualifiedReasons as Record<string, string>)[reason] ?? reason;
}

/**
 * The columns /admin/leads sorts by (issue 23 §4), as the table names them: `sort=business` is
 * ascending, `sort=-business` descending; without one, newest first (`-submitted`).
 */
export const adminLeadSortKeys = ['business', 'contact', 'partner', 'source', 'owner', 'submitted', 'status', 'sync'] as const;
export type AdminLeadSortKey = (typeof adminLeadSortKeys)[number];
export const adminLeadSorts = [...adminLeadSortKeys, ...adminLeadSortKeys.map((key) => `-${key}` as const)] as const;
export type AdminLeadSort = (typeof adminLeadSorts)[number];
export const defaultAdminLeadSort: AdminLeadSort = '-submitted';

export const pipelineMessages = {
  moveNotAllowed: (from: LeadStatus, to: LeadStatus) =>
    `A referral cannot move from ${leadStatusLabels[from]} to ${leadStatusLabels[to]}`,
  staleStatus: 'This referral was changed by someone else. It has been reloaded; please try again.',
  midRequired: 'Merchant ID (MID) is required to approve a merchant',
  midTaken: 'This Merchant ID (MID) is already used by another referral',
  reasonRequired: 'Please choose a reason',
  reasonInvalid: 'Please choose one of the listed reasons',
  noteRequiredForOther: 'Please add a note explaining the reason',
  noteTooLong: 'Note must be at most 1000 characters',
  noteRequired: 'Note is required',
  leadNotFound: 'Referral not found',
  partnerNotFound: 'Partner not found',
  statusUpdated: 'Status updated',
  noteAdded: 'Note added',
  partnerAssigned: 'Partner updated',
  ownerUpdated: 'Owner updated',
  ownerNotFound: 'Choose an active admin as the owner',
  bulkTooMany: 'Select at most 100 referrals at a time',
  preferencesSaved: 'Notification preferences saved',
  approveOneAtATime: 'Approve merchants one at a time: each needs its own Merchant ID (MID)',
  invalidCursor: 'Invalid cursor',
  invalidSort: `Sort by one of: ${adminLeadSortKeys.join(', ')}; a leading - sorts descending`,
  unsubscribed: 'You have been unsubscribed.',
} as const;

export const leadNoteMax = 1000;
export const bulkStatusMax = 100;

const noteField = z.string().trim().max(leadNoteMax, pipelineMessages.noteTooLong);
const midField = z.string().trim().max(64, 'Merchant ID (MID) must be at most 64 characters');

/**
 * POST /admin/leads/{id}/status. The rules that need the target status (MID, reason, note for
 * "other", the move table) are checked by `checkStatusMove`, so the dialog and the server agree.
 */
export const leadStatusChangeRequest = z.object({
  status: leadStatusSchema,
  expected_status: leadStatusSchema,
  reason: z.string().trim().max(64).optional(),
  note: noteField.optional(),
  note_visible_to_partner: z.boolean().optional().default(false),
  mid: midField.optional(),
});
export type LeadStatusChangeRequest = z.input<typeof leadStatusChangeRequest>;

/** Field messages for a move's requirements; empty when it may be saved (the move table aside). */
export function checkStatusMove(input: {
  status: LeadStatus;
  reason?: string | null;
  note?: string | null;
  mid?: string | null;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (input.status === 'approved' && !input.mid?.trim()) errors.mid = pipelineMessages.midRequired;
  const reasons = reasonsFor(input.status);
  if (reasons) {
    const reason = input.reason?.trim();
    if (!reason) errors.reason = pipelineMessages.reasonRequired;
    else if (!(reason in reasons)) errors.reason = pipelineMessages.reasonInvalid;
    else if (reason === 'other' && !input.note?.trim()) errors.note = pipelineMessages.noteRequiredForOther;
  }
  if ((input.note?.length ?? 0) > leadNoteMax) errors.note = pipelineMessages.noteTooLong;
  return errors;
}

/** POST /admin/leads/status (bulk): the same move for up to 100 leads, each checked on its own. */
export const bulkLeadStatusRequest = z.object({
  lead_ids: z.array(z.uuid()).min(1).max(bulkStatusMax, pipelineMessages.bulkTooMany),
  status: leadStatusSchema,
  reason: z.string().trim().max(64).optional(),
  note: noteField.optional(),
  note_visible_to_partner: z.boolean().optional().default(false),
});
export const bulkLeadStatusResult = z.object({
  id: z.string(),
  ok: z.boolean(),
  message: z.string().optional(),
});
export const bulkLeadStatusResponse = successEnvelope(z.object({ results: z.array(bulkLeadStatusResult) }));

/** POST /admin/leads/{id}/partner: a partner's numeric id, or null to unattribute. */
export const assignLeadPartnerRequest = z.object({ partner_id: z.number().int().positive().max(maxRowId).nullable() });

/** POST /admin/leads/{id}/owner: the admin responsible for the lead, or nobody (null). */
export const setLeadOwnerRequest = z.object({
  owner_id: z.number({ error: 'Choose an owner' }).int().positive().max(maxRowId).nullable(),
});
export type SetLeadOwnerRequest = z.infer<typeof setLeadOwnerRequest>;
/** GET /admin/leads/owners: the active admins a lead can be given to. */
export const leadOwnersResponse = successEnvelope(z.array(z.object({ id: z.number(), name: z.string() })));

/** GET /admin/leads/partners?q=: partners (role user) by name or email, for the partner picker; at most 20. */
export const partnerLookupQuery = z.object({ q: z.string().trim().max(200).optional() });
export const partnerLookupItemSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });
export type PartnerLookupItem = z.infer<typeof partnerLookupItemSchema>;
export const partnerLookupResponse = successEnvelope(z.object({ items: z.array(partnerLookupItemSchema) }));
export const partnerLookupMax = 20;

/** POST /admin/leads/{id}/notes */
export const addLeadNoteRequest = z.object({
  note: z
    .string({ error: pipelineMessages.noteRequired })
    .trim()
    .min(1, pipelineMessages.noteRequired)
    .max(leadNoteMax, pipelineMessages.noteTooLong),
  visible_to_partner: z.boolean().optional().default(false),
});

export const syncStates = ['pending', 'synced', 'failed', 'skipped'] as const;
export type SyncState = (typeof syncStates)[number];
export const syncStateLabels: Record<SyncState, string> = {
  pending: 'Pending',
  synced: 'Synced',
  failed: 'Failed',
  skipped: 'Not synced (no CRM)',
};
export const leadSources = ['landing_page', 'portal', 'admin'] as const;
export type LeadSource = (typeof leadSources)[number];
export const leadSourceLabels: Record<LeadSource, string> = {
  landing_page: 'Referral link',
  portal: 'Partner portal',
  admin: 'Admin',
};

export const leadEventKinds = ['created', 'status', 'note', 'partner', 'crm_sync', 'requested_again', 'reply'] as const;
export type LeadEventKind = (typeof leadEventKinds)[number];

/** One entry of a lead's append-only history. */
export const leadEventSchema = z.object({
  id: z.number(),
  kind: z.enum(leadEventKinds),
  at: z.string(),
  /** Who: a user's name, "CRM", "System" or the merchant. */
  actor: z.string(),
  from_status: leadStatusSchema.nullable(),
  to_status: leadStatusSchema.nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  visible_to_partner: z.boolean(),
  /** Kind-specific details (previous/new partner, CRM error, resubmitted fields). */
  data: z.record(z.string(), z.unknown()).nullable(),
  /** A partner's reply (kind `reply`, issue 23 §3): the file it came with, if any. */
  attachment: leadAttachmentSchema.nullable().optional(),
});
export type LeadEvent = z.infer<typeof leadEventSchema>;

/** A row of /admin/leads. */
export const adminLeadSummarySchema = z.object({
  id: z.string(),
  business: z.string(),
  contact: z.string(),
  email: z.string(),
  partner: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  /**
   * The partner whose link the merchant used when that partner was disabled at the time of the
   * request: the lead was stored unattributed and flagged. Null otherwise.
   */
  disabled_partner: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  source: z.enum(leadSources),
  status: leadStatusSchema,
  sync_state: z.enum(syncStates),
  submitted_at: z.string(),
  updated_at: z.string(),
  /** The admin responsible for the lead, or null. */
  owner: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type AdminLeadSummary = z.infer<typeof adminLeadSummarySchema>;

export const adminLeadDetailSchema = adminLeadSummarySchema.extend({
  first_name: z.string(),
  last_name: z.string(),
  business_type: z.string(),
  country_code: z.string(),
  phone: z.string(),
  notes: z.string(),
  description: z.string(),
  referral_uuid: z.string(),
  mid: z.string().nullable(),
  consent: z.object({
    sms: z.boolean(),
    sms_at: z.string().nullable(),
    marketing: z.boolean(),
    marketing_at: z.string().nullable(),
    text_version: z.string(),
    has_ip_hash: z.boolean(),
  }),
  /** The savings estimate the merchant made before sending (issue 12 §2): what they typed, and the lines computed from it. */
  estimate: z.object({ input: z.record(z.string(), z.unknown()), lines: z.array(z.string()) }).nullable(),
  crm: z.object({
    id: z.string().nullable(),
    note_id: z.string().nullable(),
    last_error: z.string().nullable(),
    attempts: z.number(),
  }),
  allowed_moves: z.array(leadStatusSchema),
  events: z.array(leadEventSchema),
});
export type AdminLeadDetail = z.infer<typeof adminLeadDetailSchema>;

/** GET /admin/leads query (also the CSV export's). */
export const adminLeadListQuery = cursorPageQuery.extend({
  status: leadStatusSchema.optional(),
  partner_id: z.coerce.number().int().positive().max(maxRowId).optional(),
  unattributed: z.enum(['true', 'false']).optional(),
  /** Only leads that came through a disabled partner's link. */
  disabled_partner: z.enum(['true', 'false']).optional(),
  source: z.enum(leadSources).optional(),
  sync_state: z.enum(syncStates).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  q: z.string().trim().max(200).optional(),
  /** `me`: the signed-in admin's leads ("My leads"); `none`: leads nobody owns. */
  owner: z.enum(['me', 'none']).optional(),
  /** The column and direction (`-` for descending); newest first without one. */
  sort: z.enum(adminLeadSorts, { error: pipelineMessages.invalidSort }).optional(),
});
export type AdminLeadListQuery = z.input<typeof adminLeadListQuery>;
/** GET /admin/leads/export.csv: the list's filters, every row. */
export const adminLeadExportQuery = adminLeadListQuery.omit({ cursor: true, limit: true });

export const statusCountsSchema = z.record(leadStatusSchema, z.number());
/**
 * Under a search, /admin/leads reads at most this many matches (plus one) to count them per status:
 * counting every match of a common word at 1,000,000 leads costs far more than the page itself.
 */
export const searchCountCap = 1000;
export const adminLeadListResponse = successEnvelope(
  cursorPage(adminLeadSummarySchema).extend({
    counts: statusCountsSchema,
    /**
     * True when a search matched more than `searchCountCap` leads: the counts then cover only the
     * matches read (lower bounds), and the total is "1,000+". False whenever the counts are exact.
     */
    counts_capped: z.boolean(),
    /** The `Stale Lead Days` setting: an open referral not updated for this many days shows a cue. */
    stale_after_days: z.number(),
    /** False with CRM=none: the list then shows no CRM sync state. */
    crm_configured: z.boolean(),
  }),
);

/** Statuses a referral is still being worked in: only these can go stale. */
export const openLeadStatuses: readonly LeadStatus[] = ['new', 'contacted', 'analysis', 'application'];

/** Whole days since `updatedAt` when the referral is open and that is at least `afterDays`, else null. */
export function staleDays(lead: { status: LeadStatus; updated_at: string }, afterDays: number, now = Date.now()): number | null {
  if (!openLeadStatuses.includes(lead.status)) return null;
  const days = Math.floor((now - Date.parse(lead.updated_at)) / 86_400_000);
  return days >= afterDays ? days : null;
}
export const adminLeadDetailResponse = successEnvelope(adminLeadDetailSchema);

/** A row of /referrals (the partner's own). */
export const partnerLeadSummarySchema = z.object({
  id: z.string(),
  business: z.string(),
  contact: z.string(),
  industry: z.string(),
  status: leadStatusSchema,
  submitted_at: z.string(),
  updated_at: z.string(),
  /** Referral integrity holds it (issue 25): the partner sees "Under review", never why. */
  under_review: z.boolean(),
});
export type PartnerLeadSummary = z.infer<typeof partnerLeadSummarySchema>;
export const partnerLeadDetailSchema = partnerLeadSummarySchema.extend({
  email: z.string(),
  phone: z.string(),
  notes: z.string(),
  /** Partner-visible events only: status moves with reasons, and notes marked visible. */
  events: z.array(leadEventSchema),
});
export type PartnerLeadDetail = z.infer<typeof partnerLeadDetailSchema>;

export const partnerLeadListQuery = cursorPageQuery.extend({
  status: leadStatusSchema.optional(),
  q: z.string().trim().max(200).optional(),
});
/** GET /leads/mine/export.csv: the list's filters, every row. */
export const partnerLeadExportQuery = partnerLeadListQuery.omit({ cursor: true, limit: true });
export const partnerLeadListResponse = successEnvelope(cursorPage(partnerLeadSummarySchema));
export const partnerLeadDetailResponse = successEnvelope(partnerLeadDetailSchema);
export const leadCountsResponse = successEnvelope(z.object({ counts: statusCountsSchema, total: z.number() }));

/**
 * GET|PUT /users/notification-preferences. A partner's `new_referral` is a merchant through their link,
 * an admin's is every new lead; `lead_note` (partners) is an admin's note for them on a referral,
 * `partner_reply` (admins) a partner's reply on one. The last two may be left out of a PUT (kept as they are).
 */
export const notificationPreferencesSchema = z.object({
  lead_status_changed: z.boolean(),
  new_referral: z.boolean(),
  lead_note: z.boolean(),
  partner_reply: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesUpdate = notificationPreferencesSchema.partial({ lead_note: true, partner_reply: true });
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdate>;
export const notificationPreferencesResponse = successEnvelope(notificationPreferencesSchema);

/** A row of /admin/audit. */
export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** The target's name when known (a referral's business, a user's name): for the entry's sentence. */
  target_name: z.string().nullable().optional(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListQuery = cursorPageQuery.extend({
  action: z.string().trim().max(100).optional(),
  target_type: z.string().trim().max(50).optional(),
  actor_id: z.coerce.number().int().positive().max(maxRowId).optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export const auditListResponse = successEnvelope(cursorPage(auditEntrySchema));
