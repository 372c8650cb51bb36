import { z } from 'zod';
import { successEnvelope } from './envelope';
import { parseUrl } from './url';
import { emailField, requiredText } from './fields';
import { auditEntrySchema } from './lead-pipeline';
import { leadStatuses } from './lead-statuses';
import { messages } from './messages';
import { cursorPage, cursorPageQuery } from './paging';
import { periods } from './periods';
import { pixelIdField, roleSchema, userStatusSchema } from './users';

const m = messages.adminUsers;

/** A compensation link: absolute https only (it opens from the partner's nav). */
export const compensationLinkField = z
  .string()
  .trim()
  .max(2000, m.compensationLinkInvalid)
  .refine((value) => {
    if (value === '') return true;
    const url = parseUrl(value);
    return url !== null && url.protocol === 'https:' && url.hostname.length > 0;
  }, m.compensationLinkInvalid);

export const adminUserSorts = ['name', 'created', 'last_login', 'referrals', 'approved', 'conversion'] as const;
export type AdminUserSort = (typeof adminUserSorts)[number];

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1')
  .optional();

export const adminUserFilters = z.object({
  /** Name, email or referral uuid. */
  search: z.string().trim().max(200).optional(),
  role: roleSchema.optional(),
  status: userStatusSchema.optional(),
  /** Only users without a referral in the last 90 days. */
  no_recent_referrals: flag,
  /** Export only these ids (bulk export). */
  ids: z
    .string()
    .max(5000)
    .regex(/^\d+(,\d+)*$/, 'ids must be a comma-separated list')
    .transform((v) => v.split(',').map(Number))
    .optional(),
});
export const adminUserListQuery = cursorPageQuery.merge(adminUserFilters).extend({
  sort: z.enum(adminUserSorts).default('created'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuery>;
export const adminUserExportQuery = adminUserFilters.extend({
  sort: z.enum(adminUserSorts).default('created'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});

export const adminUserSummarySchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  full_name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  referrals: z.number().int(),
  approved: z.number().int(),
  /** approved ÷ referrals, 0..1; null without referrals. */
  conversion: z.number().nullable(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;
export const adminUserListResponse = successEnvelope(cursorPage(adminUserSummarySchema));

export const adminUserReferralSchema = z.object({
  id: z.string(),
  company: z.string(),
  contact: z.string(),
  status: z.enum(leadStatuses),
  created_at: z.string(),
});

export const adminUserDetailSchema = adminUserSummarySchema.extend({
  compensation_link: z.string().nullable(),
  facebook_pixel_id: z.string(),
  notes_internal: z.string(),
  disabled_reason: z.string().nullable(),
  disabled_at: z.string().nullable(),
  visits: z.number().int(),
  recent_referrals: z.array(adminUserReferralSchema),
  audit: z.array(auditEntrySchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
export const adminUserDetailResponse = successEnvelope(adminUserDetailSchema);

export const inviteUserRequest = z.object({
  full_name: requiredText(messages.auth.fullNameRequired, 120),
  email: emailField,
  role: roleSchema.default('user'),
  compensation_link: compensationLinkField.optional(),
});
export type InviteUserRequest = z.infer<typeof inviteUserRequest>;

/** PATCH /admin/users/{id}: only the fields sent change; '' clears the link, the note or the Pixel ID. */
export const updateUserRequest = z.object({
  full_name: requiredText(messages.auth.fullNameRequired, 120).optional(),
  email: emailField.optional(),
  role: roleSchema.optional(),
  compensation_link: compensationLinkField.optional(),
  notes_internal: z.string().trim().max(2000, 'Note must be at most 2000 characters').optional(),
  facebook_pixel_id: pixelIdField.optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

export const reasonRequest = z.object({
  reason: z.string({ error: m.reasonRequired }).trim().min(1, m.reasonRequired).max(500, 'Reason must be at most 500 characters'),
});
export type ReasonRequest = z.infer<typeof reasonRequest>;
/** Enabling a user: the reason is optional. */
export const optionalReasonRequest = z.object({
  reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
});

export const rejectionReasons = {
  needs_detail: 'Application needs more detail',
  requirements: 'Does not meet requirements',
  not_a_fit: 'Not the right fit',
  other: 'Other',
} as const;
export const rejectRequest = z.object({
  reason: z.enum(Object.keys(rejectionReasons) as [keyof typeof rejectionReasons, ...(keyof typeof rejectionReasons)[]], {
    error: 'Please choose a reason',
  }),
  message: z.string().trim().max(255, 'Message must be at most 255 characters').optional(),
});
export type RejectRequest = z.infer<typeof rejectRequest>;

export const userIdParams = z.object({ id: z.coerce.number().int().positive() });

// ------------------------------------------------------------------------------------------------
// Admin home: GET /admin/stats?period=, GET /admin/crm-health

export const statCardSchema = z.object({ value: z.number(), previous: z.number().nullable() });
export const adminStatsSchema = z.object({
  period: z.enum(periods),
  from: z.string().nullable(),
  to: z.string(),
  cards: z.object({
    visits: statCardSchema,
    referrals: statCardSchema,
    /** approved ÷ referrals of the period, 0..1. */
    conversion: statCardSchema,
    approved: statCardSchema,
    /** Partners with at least one referral in the period. */
    active_partners: statCardSchema,
    new_partners: statCardSchema,
  }),
  /** Referrals created per day (UTC), by current status. */
  per_day: z.array(z.object({ day: z.string(), counts: z.record(z.string(), z.number()) })),
  funnel: z.object({ visits: z.number(), referrals: z.number(), contacted: z.number(), approved: z.number() }),
  top_partners: z.array(
    z.object({ id: z.number(), full_name: z.string(), email: z.string(), referrals: z.number(), approved: z.number() }),
  ),
  todo: z.object({ applications: z.number(), failed_syncs: z.number(), unattributed_leads: z.number() }),
  recent_activity: z.array(auditEntrySchema.omit({ before: true, after: true })),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
export const adminStatsResponse = successEnvelope(adminStatsSchema);

export const crmHealthSchema = z.object({
  connector: z.string(),
  pending: z.number(),
  failed: z.number(),
  oldest_pending_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  errors: z.array(z.object({ code: z.string(), count: z.number(), last_at: z.string(), example: z.string() })),
  /** green: nothing failed or late; amber: something pending for over 15 minutes; red: failures. */
  light: z.enum(['green', 'amber', 'red']),
});
export type CrmHealth = z.infer<typeof crmHealthSchema>;
export const crmHealthResponse = successEnvelope(crmHealthSchema);
