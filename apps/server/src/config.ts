import { createHash } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { limits } from '@portal/contract';

const optionalUrl = (protocols: RegExp) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || (URL.canParse(v) && protocols.test(v)), 'must be a valid URL');

const hour = 60 * 60_000;
/** A session limit: from one minute up to the stored expiry of every session. */
const sessionMs = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(60_000)
    .max(limits.sessionTtlMs, `at most ${limits.sessionTtlMs} (${limits.sessionTtlMs / (24 * hour)} days)`)
    .default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//),
  PUBLIC_URL: optionalUrl(/^https?:\/\//),
  SMTP_URL: optionalUrl(/^smtps?:\/\//),
  MAIL_FROM: z.string().default('Partner Portal <no-reply@partner-portal.local>'),
  ADMIN_EMAIL: z
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(8)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Salt for visitor and IP hashes; generated and kept in DATA_DIR when unset. */
  HASH_SALT: z.string().min(16).optional(),
  /** Shorter inactivity logout for tests; the product default is spec §9's 5 minutes. */
  INACTIVITY_LOGOUT_MS: z.coerce.number().int().positive().optional(),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** Server-side session limits (the client's own inactivity logout is INACTIVITY_LOGOUT_MS). */
  SESSION_IDLE_TIMEOUT_MS: sessionMs(12 * hour),
  ADMIN_SESSION_IDLE_TIMEOUT_MS: sessionMs(hour),
  SESSION_MAX_AGE_MS: sessionMs(limits.sessionTtlMs),
  ADMIN_SESSION_MAX_AGE_MS: sessionMs(12 * hour),
  /**
   * Which proxies' X-Forwarded-For to believe: `false`, a hop count, or proxy addresses/CIDRs.
   * Never every hop: a client would then choose its own address by sending the header.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): false | number | string => {
      if (v === '' || v === 'false' || v === '0') return false;
      if (/^\d+$/.test(v)) return Number(v);
      if (v === 'true') {
        ctx.addIssue({
          code: 'custom',
          message:
            'true would trust every hop, so a client could pick its own address; use the number of proxies in front (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
        });
        return z.NEVER;
      }
      const entries = v
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const bad = entries.filter((e) => !isProxyAddress(e));
      if (bad.length || !entries.length) {
        ctx.addIssue({
          code: 'custom',
          message: `must be false, a hop count or a comma-separated list of addresses/CIDRs (not: ${bad.join(', ') || v})`,
        });
        return z.NEVER;
      }
      return entries.join(',');
    }),
  CRM: z.enum(['none', 'zoho']).default('none'),
  ZOHO_CLIENT_ID: z.string().optional(),
  ZOHO_CLIENT_SECRET: z.string().optional(),
  ZOHO_REFRESH_TOKEN: z.string().optional(),
  ZOHO_ACCOUNTS_URL: z.url().default('https://accounts.zoho.com'),
  ZOHO_API_URL: z.url().default('https://www.zohoapis.com'),
  WORKER: z.enum(['on', 'off']).default('on'),
  /** How often the worker asks the CRM for status changes (CRM=zoho). */
  CRM_STATUS_PULL_MS: z.coerce.number().int().min(10_000).default(300_000),
  /** OpenAPI description and UI at /api/docs; on by default only with NODE_ENV=development. */
  API_DOCS: z.enum(['on', 'off']).optional(),
  /** On SIGTERM/SIGINT: how long requests in flight and the worker's current item may take. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** The built web app to serve; defaults to apps/web/dist. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /**
   * 32 bytes (64 hex digits or base64) that encrypt stored secrets such as partners' Conversions
   * API tokens (lib/secret-box.ts). Unset in production: that feature is off. Unset in development
   * or test: a fixed, public development key.
   */
  SECRETS_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine(
      (v) => v === undefined || parseSecretsKey(v) !== null,
      'must be 32 bytes: 64 hex digits or base64 (openssl rand -base64 32)',
    ),
  /** Meta's Graph API, where server-side Lead events go (tests point it at a fake). */
  META_GRAPH_URL: z.url().default('https://graph.facebook.com'),
  META_GRAPH_API_VERSION: z
    .string()
    .trim()
    .regex(/^v\d+\.\d+$/, 'must look like v26.0')
    .default('v26.0'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'API_DOCS'> & {
  API_DOCS: 'on' | 'off';
  dataDir: string;
  publicUrl: string;
  /** SECRETS_KEY as bytes, the development key outside production, or null: secrets cannot be stored. */
  secretsKey: Buffer | null;
  /** True when secretsKey is the public development key (logged at start-up). */
  secretsKeyIsDevelopmentKey: boolean;
};

/**
 * The key used when SECRETS_KEY is unset outside production. It is public (it is in the source), so
 * it only keeps development and test databases from holding plain tokens.
 */
export const DEVELOPMENT_SECRETS_KEY = createHash('sha256').update('partner-portal development secrets key (public)').digest();

/** 64 hex digits or base64 of exactly 32 bytes; null otherwise. */
export function parseSecretsKey(value: string): Buffer | null {
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : null;
}

/** Reads the environment once; every bad variable is listed before the caller exits. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration — ${lines.join('; ')}`);
  }
  const cfg = parsed.data;
  if (cfg.CRM === 'zoho' && !(cfg.ZOHO_CLIENT_ID && cfg.ZOHO_CLIENT_SECRET && cfg.ZOHO_REFRESH_TOKEN)) {
    throw new ConfigError('Invalid configuration — CRM=zoho needs ZOHO_CLIENT_ID, ZOHO_CLIENT_SECRET and ZOHO_REFRESH_TOKEN');
  }
  return {
    ...cfg,
    API_DOCS: cfg.API_DOCS ?? (cfg.NODE_ENV === 'development' ? 'on' : 'off'),
    dataDir: path.resolve(cfg.DATA_DIR),
    publicUrl: (cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/+$/, ''),
    META_GRAPH_URL: cfg.META_GRAPH_URL.replace(/\/+$/, ''),
    secretsKey: cfg.SECRETS_KEY
      ? parseSecretsKey(cfg.SECRETS_KEY)
      : cfg.NODE_ENV === 'production'
        ? null
        : DEVELOPMENT_SECRETS_KEY,
    secretsKeyIsDevelopmentKey: !cfg.SECRETS_KEY && cfg.NODE_ENV !== 'production',
  };
}

export class ConfigError extends Error {}

/** An IP, an IP/prefix, or one of proxy-addr's names (loopback, linklocal, uniquelocal). */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = /^\d+$/.test(prefix) ? Number(prefix) : NaN;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}
