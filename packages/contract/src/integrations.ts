import { z } from 'zod';
import { successEnvelope } from './envelope';
import { cursorPage, cursorPageQuery } from './paging';
import { leadRequestFields, readLeadRequest } from './leads';

/**
 * Integrations (issue #24): signed webhooks (Standard Webhooks), partner postbacks and API keys.
 * Every webhook is `{ id, type, created_at, data }`; fields that changed are `[old, new]` pairs.
 */

/** The events an endpoint can subscribe to. `webhook.test` is sent only by "Send test event". */
export const webhookEventTypes = [
  'referral.created',
  'referral.status_changed',
  'merchant.approved',
  'merchant.closed',
  'commission.created',
  'statement.published',
  'partner.applied',
  'partner.approved',
  'partner.disabled',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
export const webhookTestEventType = 'webhook.test';

/** Events about one partner's own referrals: what a partner postback may receive. */
export const postbackEventTypes = [
  'referral.created',
  'referral.status_changed',
  'merchant.approved',
  'merchant.closed',
  'commission.created',
] as const satisfies readonly WebhookEventType[];
export type PostbackEventType = (typeof postbackEventTypes)[number];

export const webhookEventLabels: Record<WebhookEventType, string> = {
  'referral.created': 'A referral is submitted',
  'referral.status_changed': 'A referral changes status',
  'merchant.approved': 'A merchant account is approved',
  'merchant.closed': 'A merchant account is closed',
  'commission.created': 'A commission line is created',
  'statement.published': 'A statement is published',
  'partner.applied': 'A partner applies',
  'partner.approved': 'A partner is approved',
  'partner.disabled': 'A partner is disabled',
};

/** An endpoint is disabled after this many failed deliveries in a row, and the admins are mailed. */
export const webhookMaxConsecutiveFailures = 20;
/** After a rotation, deliveries carry the previous secret's signature too for this long. */
export const webhookRotationOverlapHours = 24;
export const webhookDeliveryLogDays = 30;
export const maxPostbacksPerPartner = 5;

export const integrationMessages = {
  urlRequired: 'Enter the endpoint URL',
  urlInvalid: 'Enter a full address such as https://example.com/webhooks',
  urlTooLong: 'An endpoint URL is at most 2000 characters',
  urlHttpsOnly: 'Use an https:// address',
  urlCredentials: 'An endpoint URL cannot contain a user name or password',
  urlRefused: 'This address points to a private or internal network and cannot receive webhooks',
  urlUnresolvable: 'This address could not be found (no DNS record)',
  descriptionTooLong: 'A description is at most 200 characters',
  eventsRequired: 'Choose at least one event',
  eventUnknown: 'Unknown event',
  endpointNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  endpointCreated: 'Webhook endpoint added. Copy the signing secret now: it will not be shown again.',
  endpointSaved: 'Webhook endpoint saved',
  secretRotated: 'New signing secret created. Copy it now; the previous secret keeps working for 24 hours.',
  endpointDeleted: 'Webhook endpoint deleted',
  endpointEnabled: 'Webhook endpoint enabled',
  endpointDisabled: 'Webhook endpoint disabled',
  endpointDisabledForFailures: 'Disabled after 20 failed deliveries in a row',
  /** Standard Webhooks: a 410 answer means the receiver wants no more events. */
  endpointDisabledGone: 'Disabled: the receiver answered 410 Gone (it no longer accepts these events)',
  testQueued: 'Test event queued',
  resendQueued: 'Delivery queued again',
  postbackLimit: 'You can have at most 5 postback endpoints',
  postbackCreated: 'Postback added. Copy the signing secret now: it will not be shown again.',
  postbackDeleted: 'Postback deleted',
  slackUrlInvalid: 'A Slack incoming webhook address starts with https://hooks.slack.com/',
} as const;

const webhookUrl = z
  .string({ error: integrationMessages.urlRequired })
  .trim()
  .min(1, integrationMessages.urlRequired)
  .max(2000, integrationMessages.urlTooLong)
  .refine((v) => URL.canParse(v) && /^https?:\/\//i.test(v), integrationMessages.urlInvalid);

const eventList = <T extends readonly [string, ...string[]]>(types: T) =>
  z
    .array(z.enum(types, { error: integrationMessages.eventUnknown }), { error: integrationMessages.eventsRequired })
    .min(1, integrationMessages.eventsRequired)
    .max(types.length)
    .transform((list) => [...new Set(list)]);

const description = z.string().trim().max(200, integrationMessages.descriptionTooLong).default('');

export const createWebhookRequest = z.object({
  url: webhookUrl,
  description,
  events: eventList(webhookEventTypes),
  /** Merchant phone and email in payloads; off by default. */
  include_contact: z.boolean().default(false),
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequest>;

export const updateWebhookRequest = z.object({
  url: webhookUrl.optional(),
  description: z.string().trim().max(200, integrationMessages.descriptionTooLong).optional(),
  events: eventList(webhookEventTypes).optional(),
  include_contact: z.boolean().optional(),
  /** false disables; true re-enables (and resets the failure count). */
  enabled: z.boolean().optional(),
  /** A new secret, shown once; the previous one keeps signing for 24 hours. */
  rotate_secret: z.literal(true).optional(),
});
export type UpdateWebhookRequest = z.input<typeof updateWebhookRequest>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['webhook', 'slack']),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  include_contact: z.boolean(),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  consecutive_failures: z.number().int(),
  /** The first characters of the secret, to tell secrets apart. */
  secret_hint: z.string(),
  /** Until when the previous secret still signs (after a rotation). */
  previous_secret_until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** On create and on rotation only: the whole secret, never shown again. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string().optional() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointResponse = successEnvelope(webhookEndpointWithSecretSchema);
export const webhookEndpointListResponse = successEnvelope(z.object({ items: z.array(webhookEndpointSchema) }));

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  endpoint_id: z.number().int(),
  /** The `webhook-id`: the same on every attempt and resend of one message. */
  message_id: z.string(),
  event_type: z.string(),
  attempt: z.number().int(),
  /** The receiver's HTTP status, null when none came (time-out, refused address, network). */
  status_code: z.number().int().nullable(),
  ok: z.boolean(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  request_body: z.string(),
  /** The first 2 KB of the answer. */
  response_excerpt: z.string(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListResponse = successEnvelope(cursorPage(webhookDeliverySchema));
export const webhookDeliveryQuery = cursorPageQuery;

export const webhookIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** A partner postback: an endpoint of theirs (signed like webhooks) or a Slack incoming webhook. */
export const createPostbackRequest = z
  .object({
    kind: z.enum(['webhook', 'slack']).default('webhook'),
    url: webhookUrl,
    description,
    events: eventList(postbackEventTypes),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'slack' && !/^https:\/\/hooks\.slack\.com\//i.test(value.url)) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: integrationMessages.slackUrlInvalid });
    }
  });
export type CreatePostbackRequest = z.input<typeof createPostbackRequest>;

// ---------------------------------------------------------------------------------------------
// API keys

export const adminApiKeyScopes = ['referrals:read', 'referrals:write', 'commissions:read', 'residuals:import'] as const;
export const partnerApiKeyScopes = ['referrals:write', 'referrals:read'] as const;
export type ApiKeyScope = (typeof adminApiKeyScopes)[number];

export const apiKeyScopeLabels: Record<ApiKeyScope, string> = {
  'referrals:read': 'Read referrals and their status',
  'referrals:write': 'Submit referrals',
  'commissions:read': 'Read commissions and statements',
  'residuals:import': 'Import residual reports',
};

/**
 * On an admin key `referrals:write` moves a referral's status (POST /admin/leads/{id}/status); on a
 * partner key it submits referrals (POST /partner/referrals), as `apiKeyScopeLabels` says.
 */
export const adminApiKeyScopeLabels: Record<ApiKeyScope, string> = {
  ...apiKeyScopeLabels,
  'referrals:write': 'Move referral statuses',
};

/** Every key starts so; the prefix shown in lists is this and the next 8 characters. */
export const apiKeyPrefix = 'ppk_';
export const maxApiKeysPerUser = 20;
export const maxAllowedIps = 20;

export const apiKeyMessages = {
  nameRequired: 'Enter a name for the key',
  nameTooLong: 'A key name is at most 80 characters',
  scopesRequired: 'Choose at least one permission',
  scopeUnknown: 'Unknown permission',
  ipInvalid: 'Enter IP addresses or ranges such as 203.0.113.7 or 203.0.113.0/24',
  tooManyIps: 'At most 20 addresses',
  tooManyKeys: 'You can have at most 20 active API keys',
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked',
  notFound: 'API key not found',
  alreadyRevoked: 'This API key is already revoked',
  /** On any route that is not part of the public API. */
  notAccepted: 'API keys are accepted only on the public API routes',
  invalid: 'This API key is invalid or has been revoked',
  ipNotAllowed: 'This API key may not be used from this address',
  scopeMissing: (scope: string) => `This API key does not have the ${scope} permission`,
  /** A partner key on an admin route, or an admin key on a partner route. */
  wrongKind: (kind: 'admin' | 'partner') => `This route takes ${kind === 'admin' ? 'an admin' : 'a partner'} API key`,
  tooManyRequests: 'Too many requests with this API key. Please slow down and try again shortly.',
} as const;

const ipOrRange = z
  .string()
  .trim()
  .refine((value) => {
    const [address = '', bits, ...rest] = value.split('/');
    if (rest.length) return false;
    const v4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(address);
    const v6 = !v4 && /^[0-9a-f:]+$/i.test(address) && address.includes(':') && (address.match(/::/g)?.length ?? 0) <= 1;
    if (!v4 && !v6) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (v4 ? 32 : 128);
  }, apiKeyMessages.ipInvalid);

const apiKeyFields = <T extends readonly [string, ...string[]]>(scopes: T) =>
  z.object({
    name: z
      .string({ error: apiKeyMessages.nameRequired })
      .trim()
      .min(1, apiKeyMessages.nameRequired)
      .max(80, apiKeyMessages.nameTooLong),
    scopes: z
      .array(z.enum(scopes, { error: apiKeyMessages.scopeUnknown }), { error: apiKeyMessages.scopesRequired })
      .min(1, apiKeyMessages.scopesRequired)
      .max(scopes.length)
      .transform((list) => [...new Set(list)]),
    /** Empty or absent: any address. */
    allowed_ips: z.array(ipOrRange).max(maxAllowedIps, apiKeyMessages.tooManyIps).default([]),
  });

export const createAdminApiKeyRequest = apiKeyFields(adminApiKeyScopes);
export const createPartnerApiKeyRequest = apiKeyFields(partnerApiKeyScopes);
export type CreateApiKeyRequest = z.input<typeof createAdminApiKeyRequest>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `ppk_` and the next 8 characters: enough to recognise a key, never enough to use it. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  allowed_ips: z.array(z.string()),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListResponse = successEnvelope(z.object({ items: z.array(apiKeySchema) }));
/** On create only: the whole key, never shown again. */
export const apiKeyCreatedResponse = successEnvelope(apiKeySchema.extend({ key: z.string() }));

// ---------------------------------------------------------------------------------------------
// Partner referrals API (POST|GET /partner/referrals)

export const partnerApiMessages = {
  idempotencyKeyInvalid: 'An Idempotency-Key is 1 to 200 visible characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request body',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed',
  consentRequired: 'Attest how the merchant consented: consent.text_version is required',
  consentVersionRequired: 'Enter the version of the consent text the merchant saw',
  consentObtainedAtInvalid: 'Use a date and time such as 2026-11-27T14:05:00Z, not in the future',
  referralNotFound: 'Referral not found',
} as const;

export const consentMethods = ['web_form', 'in_person', 'phone', 'paper'] as const;

/**
 * What the submitting software attests about the merchant's consent: which text they saw (its
 * version), when and how they agreed. Stored with the lead's `created` event, as the form's proof is.
 */
export const consentAttestationSchema = z.object(
  {
    text_version: z
      .string({ error: partnerApiMessages.consentVersionRequired })
      .trim()
      .min(1, partnerApiMessages.consentVersionRequired)
      .max(100, partnerApiMessages.consentVersionRequired),
    obtained_at: z.iso
      .datetime({ offset: true, error: partnerApiMessages.consentObtainedAtInvalid })
      .refine((v) => Date.parse(v) <= Date.now() + 5 * 60_000, partnerApiMessages.consentObtainedAtInvalid)
      .optional(),
    method: z.enum(consentMethods).default('web_form'),
  },
  { error: partnerApiMessages.consentRequired },
);
export type ConsentAttestation = z.infer<typeof consentAttestationSchema>;

export const partnerReferralIdParams = z.object({ id: z.string().max(64) });
export const idempotencyKeyHeader = z
  .string()
  .trim()
  .min(1, partnerApiMessages.idempotencyKeyInvalid)
  .max(200, partnerApiMessages.idempotencyKeyInvalid)
  .regex(/^[\x21-\x7e]+$/, partnerApiMessages.idempotencyKeyInvalid);

export const partnerReferralCreatedSchema = z.object({
  /** The referral's id, for GET /partner/referrals/{id}. */
  id: z.string(),
  status: z.string(),
  consent_text_version: z.string(),
});
export const partnerReferralCreatedResponse = successEnvelope(partnerReferralCreatedSchema);

/**
 * POST /partner/referrals: the form's fields with the form's rules and messages (the link `uuid`,
 * the honeypot and the landing page's tracking are the form's own), and the consent attestation.
 */
export const partnerReferralRequest = leadRequestFields
  .omit({ uuid: true, website: true, partner_id: true, tracking: true, consentTextVersion: true })
  .extend({ consent: consentAttestationSchema })
  .superRefine(
    (body, ctx) => {
      for (const [path, message] of Object.entries(readLeadRequest(body).problems)) {
        ctx.addIssue({ code: 'custom', path: [path], message });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type PartnerReferralRequest = z.input<typeof partnerReferralRequest>;
