import { eq } from 'drizzle-orm';
import { conversionsMessages, type ConversionsApiStatus, type ConversionsDeliveryStatus } from '@portal/contract';
import type { Config } from '../../config';
import type { DbExecutor } from '../../db';
import { conversionsApi } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { decryptSecret, encryptSecret } from '../../lib/secret-box';

/** What the stored token is bound to: it decrypts for this user only. */
const tokenContext = (userId: number) => `conversions_api.access_token:user:${userId}`;

/** GET /users/conversions-api: whether a token is set and how the last event went; never the token. */
export async function getConversionsStatus(db: DbExecutor, config: Config, userId: number): Promise<ConversionsApiStatus> {
  const [row] = await db.select().from(conversionsApi).where(eq(conversionsApi.userId, userId));
  return {
    available: config.secretsKey !== null,
    token_set: !!row?.accessTokenEncrypted,
    token_updated_at: row?.accessTokenEncrypted && row.tokenUpdatedAt ? row.tokenUpdatedAt.toISOString() : null,
    last_delivery:
      row?.lastDeliveryAt && row.lastDeliveryStatus
        ? { at: row.lastDeliveryAt.toISOString(), status: row.lastDeliveryStatus, message: row.lastDeliveryMessage ?? '' }
        : null,
  };
}

/** Sets or replaces the partner's token, encrypted; 409 when the server has no key to encrypt it with. */
export async function saveConversionsToken(
  db: DbExecutor,
  config: Config,
  userId: number,
  token: string,
  now = new Date(),
): Promise<void> {
  if (!config.secretsKey) throw conflict(conversionsMessages.unavailable);
  const accessTokenEncrypted = encryptSecret(config.secretsKey, token, tokenContext(userId));
  await db
    .insert(conversionsApi)
    .values({ userId, accessTokenEncrypted, tokenUpdatedAt: now })
    .onConflictDoUpdate({ target: conversionsApi.userId, set: { accessTokenEncrypted, tokenUpdatedAt: now } });
}

/** Forgets the token; the delivery history stays. Removing when none is set is not an error. */
export async function removeConversionsToken(db: DbExecutor, userId: number, now = new Date()): Promise<void> {
  await db
    .update(conversionsApi)
    .set({ accessTokenEncrypted: null, tokenUpdatedAt: now })
    .where(eq(conversionsApi.userId, userId));
}

export type StoredToken = { kind: 'none' } | { kind: 'unreadable'; reason: string } | { kind: 'token'; token: string };

/** The partner's token in clear, for the outbox handler only. */
export async function readConversionsToken(db: DbExecutor, config: Config, userId: number): Promise<StoredToken> {
  const [row] = await db
    .select({ encrypted: conversionsApi.accessTokenEncrypted })
    .from(conversionsApi)
    .where(eq(conversionsApi.userId, userId));
  if (!row?.encrypted) return { kind: 'none' };
  if (!config.secretsKey) return { kind: 'unreadable', reason: 'the server has no SECRETS_KEY' };
  const token = decryptSecret(config.secretsKey, row.encrypted, tokenContext(userId));
  return token === null
    ? {
        kind: 'unreadable',
        reason: 'the saved access token cannot be decrypted (SECRETS_KEY changed?); save it again in Settings',
      }
    : { kind: 'token', token };
}

/** The partner's settings show this: when the last server-side Lead event was handled, and how. */
export async function recordDelivery(
  db: DbExecutor,
  userId: number,
  status: ConversionsDeliveryStatus,
  message: string,
  at = new Date(),
): Promise<void> {
  const delivery = { lastDeliveryAt: at, lastDeliveryStatus: status, lastDeliveryMessage: message.slice(0, 500) };
  await db
    .insert(conversionsApi)
    .values({ userId, ...delivery })
    .onConflictDoUpdate({ target: conversionsApi.userId, set: delivery });
}
