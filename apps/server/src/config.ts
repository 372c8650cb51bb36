import path from 'node:path';
import { z } from 'zod';

const optionalUrl = (protocols: RegExp) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || (URL.canParse(v) && protocols.test(v)), 'must be a valid URL');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//),
  PUBLIC_URL: optionalUrl(/^https?:\/\//),
  SMTP_URL: optionalUrl(/^smtps?:\/\//),
  MAIL_FROM: z.string().default('Partner Portal <no-reply@partner-portal.local>'),
  ADMIN_EMAIL: z.email().optional().or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z.string().min(8).optional().or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Salt for visitor and IP hashes; generated and kept in DATA_DIR when unset. */
  HASH_SALT: z.string().min(16).optional(),
  /** Shorter inactivity logout for tests; the product default is spec §9's 5 minutes. */
  INACTIVITY_LOGOUT_MS: z.coerce.number().int().positive().optional(),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** Set to true behind a reverse proxy so the client IP comes from X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  CRM: z.enum(['none', 'zoho']).default('none'),
  ZOHO_CLIENT_ID: z.string().optional(),
  ZOHO_CLIENT_SECRET: z.string().optional(),
  ZOHO_REFRESH_TOKEN: z.string().optional(),
  ZOHO_ACCOUNTS_URL: z.url().default('https://accounts.zoho.com'),
  ZOHO_API_URL: z.url().default('https://www.zohoapis.com'),
  WORKER: z.enum(['on', 'off']).default('on'),
  /** The built web app to serve; defaults to apps/web/dist. */
  WEB_DIST_DIR: z.string().min(1).optional(),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string; publicUrl: string };

/** Reads the environment once; every bad variable is listed before the caller exits. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration — ${lines.join('; ')}`);
  }
  const cfg = parsed.data;
  if (cfg.CRM === 'zoho' && !(cfg.ZOHO_CLIENT_ID && cfg.ZOHO_CLIENT_SECRET && cfg.ZOHO_REFRESH_TOKEN)) {
    throw new ConfigError(
      'Invalid configuration — CRM=zoho needs ZOHO_CLIENT_ID, ZOHO_CLIENT_SECRET and ZOHO_REFRESH_TOKEN',
    );
  }
  return {
    ...cfg,
    dataDir: path.resolve(cfg.DATA_DIR),
    publicUrl: (cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/+$/, ''),
  };
}

export class ConfigError extends Error {}
