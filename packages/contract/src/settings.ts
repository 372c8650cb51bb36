import { z } from 'zod';
import { messages } from './messages';
import { successEnvelope } from './envelope';
import { registrationModes } from './brand-settings';

export const settingSchema = z.object({ key: z.string(), value: z.string() });
export type Setting = z.infer<typeof settingSchema>;

export const settingKeyField = z
  .string({ error: messages.settings.keyRequired })
  .trim()
  .min(1, messages.settings.keyRequired)
  .max(100, 'Key must be at most 100 characters');
export const settingValueField = z
  .string({ error: messages.settings.valueRequired })
  .trim()
  .min(1, messages.settings.valueRequired)
  .max(2000, 'Value must be at most 2000 characters');

export const createSettingRequest = z.object({ key: settingKeyField, value: settingValueField });
export type CreateSettingRequest = z.infer<typeof createSettingRequest>;
export const updateSettingRequest = z.object({ value: settingValueField });
export type UpdateSettingRequest = z.infer<typeof updateSettingRequest>;

/** GET /admin/settings reads a list of {key, value}. */
export const settingsListResponse = successEnvelope(z.array(settingSchema));
export const settingResponse = successEnvelope(settingSchema);

/**
 * What the landing page and the app may read without logging in, and nothing more: the brand
 * settings (null when unset or, for URLs, not http(s)), the registration mode (so /login can hide
 * sign-up), the client's inactivity timeout and the portal's public address (config).
 */
export const publicSettingsSchema = z.object({
  companyName: z.string().nullable(),
  logoUrl: z.string().nullable(),
  supportPhone: z.string().nullable(),
  contactUrl: z.string().nullable(),
  programTerms: z.string().nullable(),
  registrationMode: z.enum(registrationModes),
  /** The dual pricing program's terms the landing page's savings estimate uses (defaults when unset). */
  dualPricing: z.object({ customerFeePct: z.number(), monthlyProgramFee: z.number(), remainingRatePct: z.number() }),
  inactivityLogoutMs: z.number().int().positive(),
  /** The server's PUBLIC_URL (no trailing slash): partners' links and QR codes point there, whatever address the app is opened on. */
  publicUrl: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
export const publicSettingsResponse = successEnvelope(publicSettingsSchema);
