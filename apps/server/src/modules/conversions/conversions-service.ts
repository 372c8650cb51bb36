import { eq } from 'drizzle-orm';
import { type ConversionsApiStatus, type ConversionsDeliveryStatus } from '@portal/contract';
import type { Config } from '../../config';
import type { DbExecutor } from '../../db';
import { conversionsApi } from '../../db/schema';
import { createSecretBox, resolveSecretsKey, type SecretBox } from '../../lib/secret-box';

const boxes = new WeakMap<Config, SecretBox>();

/** The AES key of Conversions API tokens: its own HKDF purpose under SECRETS_KEY (lib/secret-box.ts). */
export function tokenBox(config: Config): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = createSecretBox(resolveSecretsKey(config), 'conversions-api-token:v1');
    boxes.set(config, box);
  }
  return box;
}

/** What the stored token is bound to: it decrypts for this user only. */
const tokenContext = (userId: number) => `conversions_api.access_token:user:${userId}`;

/** GET /users/conversions-api: whether a token is set and how the last event went; never the token. */
export async function getConversionsStatus(db: DbExecutor, config: Config, userId: number): Promise<ConversionsApiStatus> {
  const [row] = await db.select().from(conversionsApi).where(eq(conversionsApi.userId, userId));
  return {
    // There is always a key (SECRETS_KEY, a generated one on the embedded database, or the development key).
    available: true,
    token_set: !!row?.accessTokenEncrypted,
    token_updated_at: row?.accessTokenEncrypted && row.tokenUpdatedAt ? row.tokenUpdatedAt.toISOString() : null,
    last_delivery:
      row?.lastDeliveryAt && row.lastDeliveryStatus
        ? { at: row.lastDeliveryAt.toISOString(), status: row.lastDeliveryStatus, message: row.lastDeliveryMessage ?? '' }
        : null,
  };
}

/** Sets or replaces the partner's token, encrypted. */
export async function saveConversionsToken(
  db: DbExecutor,
  config: Config,
  userId: number,
  token: string,
  now = new Date(),
): Promise<void> {
  const accessTokenEncrypted = tokenBox(config).seal(token, tokenContext(userId));
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
  let token: string | null;
  try {
    token = tokenBox(config).open(row.encrypted, tokenContext(userId));
  } catch {
    token = null;
  }
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
