import { eq, inArray, sql } from 'drizzle-orm';
import {
  crmStatusMappingKey,
  crmStatusMappingMessage,
  parseCrmStatusMapping,
  DEFAULT_COMPANY_NAME,
  dualPricingTermsOf,
  findKnownSetting,
  integritySettingKey,
  integritySettingsRefusal,
  httpUrlOrNull,
  limits,
  messages,
  registrationModeOf,
  settingKeys,
  validateSettingValue,
  type DualPricingTerms,
  type PublicSettings,
  type RegistrationMode,
  type Setting,
} from '@portal/contract';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db';
import { recordAudit } from '../../lib/audit';
import { settings } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';

const columns = { key: settings.key, value: settings.value };

/** Sorted by key, case-insensitively; the "C" collation keeps PGlite and PostgreSQL in one order. */
export function listSettings(db: DbExecutor): Promise<Setting[]> {
  return db
    .select(columns)
    .from(settings)
    .orderBy(sql`lower(${settings.key}) collate "C"`, sql`${settings.key} collate "C"`);
}

/**
 * One setting's value as stored, or null when unset: how other modules read the keys they own (the
 * currency, Admin Two-Factor, the CRM status mapping, New Lead Emails). Every read of the settings
 * table goes through this module.
 */
export async function getSettingValue(db: DbExecutor, key: string): Promise<string | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value ?? null;
}

/** Every setting whose key starts with `prefix` (a module's family of keys, such as one per year). */
export async function getSettingValuesByPrefix(db: DbExecutor, prefix: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(sql`starts_with(${settings.key}, ${prefix})`);
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Stores a value the server keeps for itself (the CRM pull's watermark): no audit, as no admin made it. */
export async function putSystemSetting(db: DbExecutor, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** Admin writes take the transaction they run in, and record themselves in the audit log with it. */
/** A known key's value must follow its rule (brand-settings.ts); any other key takes any value. */
function checkValue(key: string, value: string): void {
  const refusal = validateSettingValue(key, value);
  if (refusal) throw badRequest(refusal, { value: refusal });
  if (key === crmStatusMappingKey && !parseCrmStatusMapping(value))
    throw badRequest(crmStatusMappingMessage, { value: crmStatusMappingMessage });
  // Referral integrity's rules: the same schema as PUT /admin/integrity-settings.
  const integrityRefusal = key.toLowerCase() === integritySettingKey.toLowerCase() ? integritySettingsRefusal(value) : null;
  if (integrityRefusal) throw badRequest(integrityRefusal, { value: integrityRefusal });
}

export async function createSetting(db: Database, given: Setting, actorId: number | null): Promise<Setting> {
  return db.transaction(async (tx) => {
    // "contact us" is the Contact Us the product reads: a known key is stored in its one spelling.
    const input = { key: findKnownSetting(given.key)?.key ?? given.key, value: given.value };
    checkValue(input.key, input.value);
    const [row] = await tx.insert(settings).values(input).onConflictDoNothing().returning(columns);
    if (!row) throw conflict(messages.settings.keyTaken, { key: messages.settings.keyTaken });
    await recordAudit(tx, { actorId, action: 'setting.create', targetType: 'setting', targetId: row.key, after: row });
    return row;
  });
}

/** Only the value changes: a key is the setting's identity. */
export async function updateSetting(db: Database, key: string, value: string, actorId: number | null): Promise<Setting> {
  return db.transaction(async (tx) => {
    checkValue(key, value);
    const [before] = await tx.select(columns).from(settings).where(eq(settings.key, key)).for('update');
    if (!before) throw notFound(messages.settings.notFound);
    checkValue(key, value);
    const [row] = await tx.update(settings).set({ value }).where(eq(settings.key, key)).returning(columns);
    await recordAudit(tx, { actorId, action: 'setting.update', targetType: 'setting', targetId: key, before, after: row });
    return row!;
  });
}

export async function deleteSetting(db: Database, key: string, actorId: number | null): Promise<void> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(settings).where(eq(settings.key, key)).returning(columns);
    if (!row) throw notFound(messages.settings.notFound);
    await recordAudit(tx, { actorId, action: 'setting.delete', targetType: 'setting', targetId: key, before: row });
  });
}

const brandKeys = [
  settingKeys.companyName,
  settingKeys.logoUrl,
  settingKeys.supportPhone,
  settingKeys.contactUs,
  settingKeys.programTerms,
  settingKeys.registrationMode,
  settingKeys.newLeadEmails,
  settingKeys.dualPricingFee,
  settingKeys.dualPricingMonthlyFee,
  settingKeys.dualPricingRemainingRate,
];

export interface BrandSettings {
  companyName: string | null;
  logoUrl: string | null;
  supportPhone: string | null;
  contactUrl: string | null;
  programTerms: string | null;
  registrationMode: RegistrationMode;
  newLeadEmails: boolean;
  /** What the savings estimate assumes the dual pricing program costs (defaults for unset values). */
  dualPricing: DualPricingTerms;
}

/**
 * The product's known settings as the product uses them: unset or empty values are null, URLs only
 * when http(s) (a value saved before validation existed cannot become a `javascript:` href).
 */
export async function getBrandSettings(db: DbExecutor): Promise<BrandSettings> {
  const rows = await db.select(columns).from(settings).where(inArray(settings.key, brandKeys));
  const valueOf = (key: string) => rows.find((row) => row.key === key)?.value.trim() || null;
  return {
    companyName: valueOf(settingKeys.companyName),
    logoUrl: httpUrlOrNull(valueOf(settingKeys.logoUrl)),
    supportPhone: valueOf(settingKeys.supportPhone),
    contactUrl: httpUrlOrNull(valueOf(settingKeys.contactUs)),
    programTerms: valueOf(settingKeys.programTerms),
    registrationMode: registrationModeOf(valueOf(settingKeys.registrationMode)),
    newLeadEmails: valueOf(settingKeys.newLeadEmails) !== 'off',
    dualPricing: dualPricingTermsOf({
      customerFeePct: valueOf(settingKeys.dualPricingFee),
      monthlyProgramFee: valueOf(settingKeys.dualPricingMonthlyFee),
      remainingRatePct: valueOf(settingKeys.dualPricingRemainingRate),
    }),
  };
}

/** The name mails and titles show: the Company Name setting, else the neutral product name. */
export async function getBrandName(db: DbExecutor): Promise<string> {
  return (await getBrandSettings(db)).companyName ?? DEFAULT_COMPANY_NAME;
}

/** What anyone may read without signing in; the leads module reuses it for the landing page. */
export async function getPublicSettings(
  db: DbExecutor,
  config: Pick<Config, 'INACTIVITY_LOGOUT_MS' | 'publicUrl'>,
): Promise<PublicSettings> {
  const brand = await getBrandSettings(db);
  return {
    companyName: brand.companyName,
    logoUrl: brand.logoUrl,
    supportPhone: brand.supportPhone,
    contactUrl: brand.contactUrl,
    programTerms: brand.programTerms,
    registrationMode: brand.registrationMode,
    dualPricing: brand.dualPricing,
    inactivityLogoutMs: config.INACTIVITY_LOGOUT_MS ?? limits.inactivityLogoutMs,
    publicUrl: config.publicUrl,
  };
}
