import { z } from 'zod';
import { successEnvelope } from './envelope';
import { leadStatusSchema } from './lead-pipeline';
import { periods } from './periods';
import { checkResourceUrl, resourceTypes } from './workspace-constants';
import { messages } from './messages';

const resourceMessages = messages.resources;

// ---------------------------------------------------------------------------------------------
// Visit sources

// ---------------------------------------------------------------------------------------------
// Dashboard

const figure = z.object({ value: z.number(), previous: z.number().nullable() });
const ratio = z.object({ value: z.number().nullable(), previous: z.number().nullable() });

export const dashboardSummarySchema = z.object({
  period: z.enum(periods),
  /** The period's first day and the day after its last (UTC, `YYYY-MM-DD`). */
  from: z.string(),
  to: z.string(),
  cards: z.object({
    visits: figure,
    referrals: figure,
    /** referrals ÷ visits; null without visits. */
    conversion: ratio,
    approved: figure,
  }),
  /** Every referral of the partner by current status (not limited to the period). */
  status_counts: z.record(leadStatusSchema, z.number()),
  total_referrals: z.number(),
  latest: z.array(
    z.object({ id: z.string(), business: z.string(), contact: z.string(), status: leadStatusSchema, submitted_at: z.string() }),
  ),
  visits_by_source: z.array(z.object({ source: z.string(), visits: z.number() })),
  /** Visits ever, for the empty states (a new partner has none). */
  total_visits: z.number(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
export const dashboardSummaryResponse = successEnvelope(dashboardSummarySchema);

export const dashboardTimeseriesSchema = z.object({
  period: z.enum(periods),
  granularity: z.enum(['day', 'month']),
  points: z.array(z.object({ date: z.string(), referrals: z.number(), visits: z.number() })),
});
export type DashboardTimeseries = z.infer<typeof dashboardTimeseriesSchema>;
export const dashboardTimeseriesResponse = successEnvelope(dashboardTimeseriesSchema);

// ---------------------------------------------------------------------------------------------
// Resources

const titleField = z
  .string({ error: resourceMessages.titleRequired })
  .trim()
  .min(1, resourceMessages.titleRequired)
  .min(3, resourceMessages.titleLength)
  .max(120, resourceMessages.titleLength);
const categoryField = z
  .string({ error: resourceMessages.categoryRequired })
  .trim()
  .min(1, resourceMessages.categoryRequired)
  .max(60, 'Category must be at most 60 characters');
const descriptionField = z.string().trim().max(500, resourceMessages.descriptionTooLong);
const urlField = z.string().trim().max(2000, resourceMessages.urlInvalid);

const resourceFields = {
  title: titleField,
  type: z.enum(resourceTypes),
  category: categoryField,
  description: descriptionField.optional().default(''),
  url: urlField.nullable().optional(),
  published: z.boolean().optional().default(false),
  featured: z.boolean().optional().default(false),
};

export const createResourceRequest = z.object(resourceFields).superRefine((value, ctx) => {
  const problem = checkResourceUrl(value.type, value.url);
  if (problem) ctx.addIssue({ code: 'custom', path: ['url'], message: problem });
});
export type CreateResourceRequest = z.input<typeof createResourceRequest>;

export const updateResourceRequest = z.object({
  title: titleField.optional(),
  type: z.enum(resourceTypes).optional(),
  category: categoryField.optional(),
  description: descriptionField.optional(),
  url: urlField.nullable().optional(),
  published: z.boolean().optional(),
  featured: z.boolean().optional(),
});
export type UpdateResourceRequest = z.input<typeof updateResourceRequest>;

export const reorderResourcesRequest = z.object({ ids: z.array(z.number().int().positive()).max(1000) });

export const resourceFileSchema = z.object({ name: z.string(), size: z.number(), mime: z.string() });

export const resourceSchema = z.object({
  id: z.number(),
  title: z.string(),
  type: z.enum(resourceTypes),
  category: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  embed_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  file: resourceFileSchema.nullable(),
  featured: z.boolean(),
  position: z.number(),
  published_at: z.string().nullable(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const adminResourceSchema = resourceSchema.extend({
  published: z.boolean(),
  views_30d: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminResource = z.infer<typeof adminResourceSchema>;

export const resourcesResponse = successEnvelope(z.array(resourceSchema));
export const adminResourcesResponse = successEnvelope(z.array(adminResourceSchema));
export const adminResourceResponse = successEnvelope(adminResourceSchema);
