import {
  defaultIntegritySettings,
  integritySettingKey,
  integritySettingsSchema,
  riskSignals,
  type IntegritySettings,
} from '@portal/contract';
import type { Database, DbExecutor } from '../../db';
import { recordAudit } from '../../lib/audit';
import { getSettingValue, putSystemSetting } from '../settings';

/**
 * The program's rules, with defaults for anything unset or unreadable: a hand-edited value must not
 * switch the protections off by accident.
 */
export async function getIntegritySettings(db: DbExecutor): Promise<IntegritySettings> {
  const raw = await getSettingValue(db, integritySettingKey);
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const signals = { ...defaultIntegritySettings.signals };
  const storedSignals = (stored.signals ?? {}) as Record<string, unknown>;
  for (const s of riskSignals) {
    const one = integritySettingsSchema.shape.signals.shape[s].safeParse(storedSignals[s]);
    if (one.success) signals[s] = one.data;
  }
  const result = { ...defaultIntegritySettings, signals } as Record<string, unknown>;
  for (const [key, field] of Object.entries(integritySettingsSchema.shape)) {
    if (key === 'signals' || !(key in stored)) continue;
    const one = field.safeParse(stored[key]);
    if (one.success) result[key] = one.data;
  }
  return result as IntegritySettings;
}

/** PUT /admin/integrity-settings: stored whole, audited with what it replaced. */
export async function saveIntegritySettings(db: Database, input: IntegritySettings, actorId: number): Promise<IntegritySettings> {
  return db.transaction(async (tx) => {
    const before = await getIntegritySettings(tx);
    await putSystemSetting(tx, integritySettingKey, JSON.stringify(input));
    await recordAudit(tx, {
      actorId,
      action: 'integrity.settings',
      targetType: 'setting',
      targetId: integritySettingKey,
      before,
      after: input,
    });
    return input;
  });
}
