import { z } from 'zod';
import { successEnvelope } from './envelope';

/**
 * Meta Conversions API (issue #12 §3): a partner's access token next to their Pixel ID, and the
 * server-side Lead event sent for each lead from their link. The token goes in and never comes
 * back out: answers only say whether one is set.
 */

/** How the last server-side Lead event went. */
export const conversionsDeliveryStatuses = ['sent', 'retrying', 'failed', 'dropped'] as const;
export type ConversionsDeliveryStatus = (typeof conversionsDeliveryStatuses)[number];

export const conversionsMessages = {
  tokenRequired: 'Enter the access token from Events Manager',
  tokenInvalid: 'An access token has only letters, numbers and the characters _ - . |',
  tokenTooLong: 'An access token is at most 1000 characters',
  tokenSaved: 'Conversions API access token saved',
  tokenRemoved: 'Conversions API access token removed',
  unavailable:
    'Server-side events are turned off on this portal (no encryption key is configured). Please contact an administrator.',
  pixelMissing: 'Add your Facebook Pixel ID above so events have somewhere to go.',
  eventIdInvalid: 'Invalid event id',
  pageUrlInvalid: 'Invalid page URL',
  cookieInvalid: 'Invalid cookie value',
} as const;

export const conversionsTokenMaxLength = 1000;

export const updateConversionsTokenRequest = z.object({
  access_token: z
    .string({ error: conversionsMessages.tokenRequired })
    .trim()
    .min(1, conversionsMessages.tokenRequired)
    .max(conversionsTokenMaxLength, conversionsMessages.tokenTooLong)
    .regex(/^[A-Za-z0-9_.|-]+$/, conversionsMessages.tokenInvalid),
});
export type UpdateConversionsTokenRequest = z.infer<typeof updateConversionsTokenRequest>;

export const conversionsDeliverySchema = z.object({
  at: z.string(),
  status: z.enum(conversionsDeliveryStatuses),
  message: z.string(),
});
export type ConversionsDelivery = z.infer<typeof conversionsDeliverySchema>;

/** GET|PUT|DELETE /users/conversions-api: never the token itself. */
export const conversionsApiStatusSchema = z.object({
  /** False when the server has no SECRETS_KEY: tokens can be neither saved nor used. */
  available: z.boolean(),
  token_set: z.boolean(),
  token_updated_at: z.string().nullable(),
  last_delivery: conversionsDeliverySchema.nullable(),
});
export type ConversionsApiStatus = z.infer<typeof conversionsApiStatusSchema>;
export const conversionsApiResponse = successEnvelope(conversionsApiStatusSchema);

/**
 * What the landing page sends with a submission so the server's Lead event matches the browser
 * pixel's: the event id it gave `fbq('track', 'Lead', {}, { eventID })`, the page URL and the
 * `_fbp` / `_fbc` cookies. All optional; the portal's own forms send none.
 */
export const leadTrackingSchema = z.object({
  eventId: z
    .string()
    .trim()
    .max(100, conversionsMessages.eventIdInvalid)
    .regex(/^[A-Za-z0-9_.:-]*$/, conversionsMessages.eventIdInvalid)
    .optional(),
  pageUrl: z
    .string()
    .trim()
    .max(2000, conversionsMessages.pageUrlInvalid)
    .refine((v) => v === '' || (URL.canParse(v) && /^https?:\/\//i.test(v)), conversionsMessages.pageUrlInvalid)
    .optional(),
  fbp: z.string().trim().max(500, conversionsMessages.cookieInvalid).optional(),
  fbc: z.string().trim().max(500, conversionsMessages.cookieInvalid).optional(),
});
export type LeadTracking = z.infer<typeof leadTrackingSchema>;
