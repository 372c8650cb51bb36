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
  /** A request slower than this is logged (warn) with its id; no other request is logged. */
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(1_000),
  /** Salt for visitor and IP hashes; generated and kept in DATA_DIR when unset. */
  HASH_SALT: z.string().min(16).optional(),
  /**
   * Master key for secrets the server must read back (TOTP secrets): 32+ characters, e.g.
   * `openssl rand -base64 48`. Each use derives its own AES-256 key from it (lib/secret-box.ts).
   */
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 48)').optional(),
  /** Shorter inactivity logout for tests; the product default is spec §9's 5 minutes. */
  INACTIVITY_LOGOUT_MS: z.coerce.number().int().positive().optional(),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** `low`: the cheapest argon2id for new password hashes (lib/passwords.ts), for tests and benchmarks only. */
  PASSWORD_HASH_COST: z.enum(['standard', 'low']).default('standard'),
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
  /** Zoho CRM REST API version in the path (`/crm/v8/...`); the connector speaks v8's shapes. */
  ZOHO_API_VERSION: z
    .string()
    .regex(/^v\d+$/, 'must look like v8')
    .default('v8'),
  WORKER: z.enum(['on', 'off']).default('on'),
  /** How often the worker asks the CRM for status changes (CRM=zoho). */
  CRM_STATUS_PULL_MS: z.coerce.number().int().min(10_000).default(300_000),
  /** OpenAPI description and UI at /api/docs; on by default only with NODE_ENV=development. */
  API_DOCS: z.enum(['on', 'off']).optional(),
  /** On SIGTERM/SIGINT: how long requests in flight and the worker's current item may take. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * Redis for what several instances must share: rate-limit counters, login lockouts and session
   * revocations. Unset: each process keeps them in memory (one instance).
   */
  REDIS_URL: optionalUrl(/^rediss?:\/\//),
  /** Prefix of every Redis key and channel, so several deployments (or test runs) share one Redis. */
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(100).default('pp:'),
  /** How long a validated session is trusted from memory before it is read again; 0 turns the cache off. */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /** Bearer token for GET /metrics (Prometheus); unset, /metrics does not exist (404). */
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
  /**
   * Lets webhooks and postbacks go to loopback addresses (127.0.0.0/8, ::1) and over plain http
   * there: for tests and development against a local receiver. Refused in production; private,
   * link-local and metadata addresses stay refused either way.
   */
  WEBHOOKS_ALLOW_LOOPBACK: z.enum(['on', 'off']).default('off'),
  /** Webhook deliveries handled side by side (their own worker loop, apart from mails and the CRM). */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
  /** The built web app to serve; defaults to apps/web/dist. */
  WEB_DIST_DIR: z.string().min(1).optional(),
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
};

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
  if (!cfg.SECRETS_KEY && cfg.NODE_ENV === 'production' && cfg.DATABASE_URL) {
    // Every instance must decrypt what another stored: a key per machine would lock users out.
    throw new ConfigError(
      'Invalid configuration — SECRETS_KEY is required with DATABASE_URL in production (32+ characters, the same on every instance)',
    );
  }
  if (cfg.WEBHOOKS_ALLOW_LOOPBACK === 'on' && cfg.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration — WEBHOOKS_ALLOW_LOOPBACK=on is for tests and development only');
  }
  return {
    ...cfg,
    API_DOCS: cfg.API_DOCS ?? (cfg.NODE_ENV === 'development' ? 'on' : 'off'),
    dataDir: path.resolve(cfg.DATA_DIR),
    publicUrl: (cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/+$/, ''),
    META_GRAPH_URL: cfg.META_GRAPH_URL.replace(/\/+$/, ''),
  };
}

export class ConfigError extends Error {}

/**
 * What a production server logs as a warning at start-up: settings the browser tests and benches run
 * production builds with, which an operator who copies them would not want.
 */
export function configWarnings(config: Config): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const warnings: string[] = [];
  if (config.PASSWORD_HASH_COST === 'low')
    warnings.push(
      'PASSWORD_HASH_COST=low: new password hashes use the cheapest argon2id, meant for tests and benchmarks; unset it',
    );
  if (config.RATE_LIMITS === 'off')
    warnings.push('RATE_LIMITS=off: no request is rate limited (sign-in, lead submissions, API keys); unset it');
  return warnings;
}

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
