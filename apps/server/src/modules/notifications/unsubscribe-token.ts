import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { appSecrets } from '../../db/schema';

/** The kinds of email a recipient can turn off, each from its own mails. */
export const mailKinds = ['lead_status', 'new_referral', 'admin_new_lead', 'partner_reply', 'lead_note'] as const;
export type MailKind = (typeof mailKinds)[number];

const SECRET_KEY = 'unsubscribe_secret';
const cache = new WeakMap<Database, Promise<string>>();

/**
 * The key that signs unsubscribe links: generated on first use and kept in app_secrets (never
 * shown to admins), so every instance on one database signs alike and a restart keeps old links valid.
 */
export function getUnsubscribeSecret(db: Database): Promise<string> {
  let secret = cache.get(db);
  if (!secret) {
    secret = loadOrCreate(db);
    secret.catch(() => cache.delete(db));
    cache.set(db, secret);
  }
  return secret;
}

async function loadOrCreate(db: Database): Promise<string> {
  // Two instances starting together: one insert wins, both read the winner.
  await db
    .insert(appSecrets)
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, SECRET_KEY));
  if (!row) throw new Error('unsubscribe secret could not be stored');
  return row.value;
}

const sign = (secret: string, userId: number, kind: MailKind) =>
  createHmac('sha256', secret).update(`unsubscribe\0${userId}\0${kind}`).digest('base64url');

/** `{userId}.{kind}.{hmac}`: names one recipient and one kind; no expiry, as unsubscribe links must keep working. */
export function createUnsubscribeToken(secret: string, userId: number, kind: MailKind): string {
  return `${userId}.${kind}.${sign(secret, userId, kind)}`;
}

/** The recipient and kind of a token, or null when it was not signed by us. */
export function readUnsubscribeToken(secret: string, token: string): { userId: number; kind: MailKind } | null {
  const [id, kind, signature, ...rest] = token.split('.');
  if (rest.length || !id || !/^\d{1,10}$/.test(id) || !signature) return null;
  if (!(mailKinds as readonly string[]).includes(kind ?? '')) return null;
  const userId = Number(id);
  const expected = Buffer.from(sign(secret, userId, kind as MailKind));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as MailKind };
}
