import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../config';
import { createSecretBox, DEV_SECRETS_KEY, resolveSecretsKey } from './secret-box';

const key = 'k'.repeat(40);

describe('secret box', () => {
  it('opens what it sealed, only in the same context, purpose and key', () => {
    const box = createSecretBox(key, 'totp-secret:v1');
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user_totp:1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user_totp:1')).toBe('JBSWY3DPEHPK3PXP');
    // A fresh IV each time.
    expect(box.seal('JBSWY3DPEHPK3PXP', 'user_totp:1')).not.toBe(sealed);
    expect(() => box.open(sealed, 'user_totp:2')).toThrow();
    expect(() => createSecretBox(key, 'another-purpose').open(sealed, 'user_totp:1')).toThrow();
    expect(() => createSecretBox('x'.repeat(40), 'totp-secret:v1').open(sealed, 'user_totp:1')).toThrow();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered, 'user_totp:1')).toThrow();
  });
});

describe('SECRETS_KEY', () => {
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pp-secrets-'));

  it('is SECRETS_KEY when set, the development key outside production', () => {
    expect(resolveSecretsKey(loadConfig({ SECRETS_KEY: key, NODE_ENV: 'production' }))).toBe(key);
    expect(resolveSecretsKey(loadConfig({ NODE_ENV: 'test' }))).toBe(DEV_SECRETS_KEY);
  });

  it('is generated once into DATA_DIR in production on the embedded database', () => {
    const dir = dataDir();
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir });
    const first = resolveSecretsKey(config);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(resolveSecretsKey(config)).toBe(first);
    expect(fs.statSync(path.join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
  });

  it('is required with DATABASE_URL in production, and must be long enough', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/portal' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/portal', SECRETS_KEY: key })).not.toThrow();
    expect(() => loadConfig({ SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY: must be at least 32 characters/);
  });
});
