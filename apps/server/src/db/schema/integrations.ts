import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * A webhook endpoint (issue #24): the admins' (partner_id null) or a partner's postback (their own
 * referrals' events only). The signing secret is sealed with SECRETS_KEY, since signing needs it in
 * clear; after a rotation the previous one keeps signing until `previous_secret_until`.
 * `consecutive_failures` and `retry_at` are the endpoint's circuit: while it fails, one delivery at
 * a time probes it and the others wait, so a dead or hanging receiver costs one request per window.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['webhook', 'slack'] })
      .notNull()
      .default('webhook'),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<string[]>().notNull(),
    includeContact: boolean('include_contact').notNull().default(false),
    secretSealed: text('secret_sealed').notNull(),
    secretHint: text('secret_hint').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_partner_idx').on(t.partnerId)],
);

/** One attempt to deliver one message to one endpoint; kept 30 days for the delivery log. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    ok: boolean('ok').notNull(),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    requestBody: text('request_body').notNull(),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    // The attempt number of a message: its earlier attempts to the endpoint.
    index('webhook_deliveries_message_idx').on(t.endpointId, t.messageId),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);

/**
 * An API key: shown once, stored as a SHA-256 hash, recognised by its prefix. An admin's key acts
 * with its scopes on the public API routes only; a partner's only on their own referrals.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['admin', 'partner'] }).notNull(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    allowedIps: jsonb('allowed_ips').$type<string[]>(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

/**
 * The first answer to an `Idempotency-Key` of one caller: the same key and body answer it again,
 * the same key with another body is refused. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    /** `key:<api key id>` or `user:<user id>`: keys of different callers never collide. */
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_owner_key_idx').on(t.owner, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
