import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db';
import { appSecrets } from '../../db/schema';

const SALT_KEY = 'hash_salt';
const cache = new WeakMap<Database, Promise<string>>();

/**
 * The salt of IP and visitor hashes: HASH_SALT when set, else one generated on first use and kept
 * in the database, so every instance on one PostgreSQL hashes alike and a restart changes nothing.
 */
export function getHashSalt(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return Promise.resolve(configured);
  let salt = cache.get(db);
  if (!salt) {
    salt = loadOrCreateSalt(db);
    salt.catch(() => cache.delete(db));
    cache.set(db, salt);
  }
  return salt;
}

async function loadOrCreateSalt(db: Database): Promise<string> {
  // Two instances starting together: one insert wins, both read the winner.
  await db
    .insert(appSecrets)
    .values({ key: SALT_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, SALT_KEY));
  if (!row) throw new Error('hash salt could not be stored');
  return row.value;
}
