import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * The SECRETS_KEY used outside production when none is set, so development and tests need no
 * setup. Public: never protects real data (production uses SECRETS_KEY or a generated key file).
 */
export const DEV_SECRETS_KEY = 'partner-portal-development-secrets-key-not-for-production';

/** Encrypts and decrypts small secrets for one purpose; a value sealed for one context opens only in it. */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
}

const version = 'v1';

/**
 * AES-256-GCM with a key derived by HKDF-SHA256 from the master key and `purpose`, so each use of
 * SECRETS_KEY (TOTP secrets here, another secret elsewhere) has its own independent key. `context`
 * (e.g. the owner's id) is authenticated data: a sealed value copied to another row does not open.
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function createSecretBox(masterKey: string, purpose: string): SecretBox {
  const key = Buffer.from(
    hkdfSync('sha256', Buffer.from(masterKey, 'utf8'), Buffer.from('partner-portal'), Buffer.from(purpose), 32),
  );
  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [version, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [v, iv, tag, ciphertext] = sealed.split('.');
      if (v !== version || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The master key: SECRETS_KEY when set; outside production the public development key; in
 * production on the embedded database (one instance) a key generated once into DATA_DIR/secrets.key
 * (mode 0600), so `npm start` still needs no setup. With DATABASE_URL, config.ts requires SECRETS_KEY.
 */
export function resolveSecretsKey(config: Pick<Config, 'SECRETS_KEY' | 'NODE_ENV' | 'dataDir'>): string {
  if (config.SECRETS_KEY) return config.SECRETS_KEY;
  if (config.NODE_ENV !== 'production') return DEV_SECRETS_KEY;
  const file = path.join(config.dataDir, 'secrets.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    return generated;
  } catch (err) {
    // Another process wrote it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw err;
  }
}
