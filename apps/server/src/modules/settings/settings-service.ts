import { eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_CONTACT_URL,
  DEFAULT_SUPPORT_PHONE,
  limits,
  messages,
  settingKeys,
  type PublicSettings,
  type Setting,
} from '@portal/contract';
import type { Config } from '../../config';
import type { Database } from '../../db';
import { settings } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';

const columns = { key: settings.key, value: settings.value };

/** Sorted by key, case-insensitively; the "C" collation keeps PGlite and PostgreSQL in one order. */
export function listSettings(db: Database): Promise<Setting[]> {
  return db
    .select(columns)
    .from(settings)
    .orderBy(sql`lower(${settings.key}) collate "C"`, sql`${settings.key} collate "C"`);
}

export async function createSetting(db: Database, input: Setting): Promise<Setting> {
  const [row] = await db.insert(settings).values(input).onConflictDoNothing().returning(columns);
  if (!row) throw conflict(messages.settings.keyTaken, { key: messages.settings.keyTaken });
  return row;
}

/** Only the value changes: a key is the setting's identity. */
export async function updateSetting(db: Database, key: string, value: string): Promise<Setting> {
  const [row] = await db
    .update(settings)
    .set({ value, updatedAt: sql`now()` })
    .where(eq(settings.key, key))
    .returning(columns);
  if (!row) throw notFound(messages.settings.notFound);
  return row;
}

export async function deleteSetting(db: Database, key: string): Promise<void> {
  const [row] = await db.delete(settings).where(eq(settings.key, key)).returning(columns);
  if (!row) throw notFound(messages.settings.notFound);
}

/** What anyone may read without signing in; the leads module reuses it for the landing page. */
export async function getPublicSettings(
  db: Database,
  config: Pick<Config, 'INACTIVITY_LOGOUT_MS'>,
): Promise<PublicSettings> {
  const rows = await db
    .select(columns)
    .from(settings)
    .where(inArray(settings.key, [settingKeys.contactUs, settingKeys.supportPhone]));
  const valueOf = (key: string) => rows.find((row) => row.key === key)?.value;
  return {
    contactUrl: valueOf(settingKeys.contactUs) ?? DEFAULT_CONTACT_URL,
    supportPhone: valueOf(settingKeys.supportPhone) ?? DEFAULT_SUPPORT_PHONE,
    inactivityLogoutMs: config.INACTIVITY_LOGOUT_MS ?? limits.inactivityLogoutMs,
  };
}
