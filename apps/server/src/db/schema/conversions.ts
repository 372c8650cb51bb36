import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { conversionsDeliveryStatuses } from '@portal/contract';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * A partner's Meta Conversions API access token (encrypted with SECRETS_KEY, lib/secret-box.ts; no
 * API ever returns it) and how the last server-side Lead event went. Kept out of `users` so no user
 * serialiser can ever pick the token up.
 */
export const conversionsApi = pgTable('conversions_api', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `v1.<iv>.<tag>.<ciphertext>` (AES-256-GCM, bound to the user id); null once removed. */
  accessTokenEncrypted: text('access_token_encrypted'),
  tokenUpdatedAt: timestamp('token_updated_at', { withTimezone: true }),
  lastDeliveryAt: timestamp('last_delivery_at', { withTimezone: true }),
  lastDeliveryStatus: text('last_delivery_status', { enum: conversionsDeliveryStatuses }),
  lastDeliveryMessage: text('last_delivery_message'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
