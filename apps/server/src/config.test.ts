import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the documented defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.CRM).toBe('none');
  });

  it('names every bad variable in one line', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'nope' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).not.toContain('\n');
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('SMTP_URL');
    }
  });

  it('requires the Zoho credentials when CRM=zoho', () => {
    expect(() => loadConfig({ CRM: 'zoho' })).toThrow(/ZOHO_CLIENT_ID/);
  });

  it('derives the public URL without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://partners.example.com/' }).publicUrl).toBe('https://partners.example.com');
  });

  it('reads TRUST_PROXY as false, a hop count or a list of proxy addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).TRUST_PROXY).toBe(
      '10.0.0.0/8,127.0.0.1,::1,loopback',
    );
  });

  it('refuses TRUST_PROXY=true, which would let a client pick its own address, and explains the choices', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust every hop.*e\.g\. 1/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: must be false, a hop count.*10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
  });

  it('turns the API docs on by default only in development', () => {
    expect(loadConfig({}).API_DOCS).toBe('on');
    expect(loadConfig({ NODE_ENV: 'production' }).API_DOCS).toBe('off');
    expect(loadConfig({ NODE_ENV: 'test' }).API_DOCS).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'on' }).API_DOCS).toBe('on');
  });

  it('requires SECRETS_KEY of 32+ characters, and in production with DATABASE_URL', () => {
    expect(() => loadConfig({ SECRETS_KEY: 'too-short' })).toThrow(/SECRETS_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/portal' })).toThrow(/SECRETS_KEY is required/);
    expect(loadConfig({ SECRETS_KEY: 'k'.repeat(32) }).SECRETS_KEY).toBe('k'.repeat(32));
  });

  it('reads the Graph API base URL and version for server-side Lead events', () => {
    expect(loadConfig({})).toMatchObject({ META_GRAPH_URL: 'https://graph.facebook.com', META_GRAPH_API_VERSION: 'v26.0' });
    expect(loadConfig({ META_GRAPH_URL: 'http://127.0.0.1:9/', META_GRAPH_API_VERSION: 'v27.0' })).toMatchObject({
      META_GRAPH_URL: 'http://127.0.0.1:9',
      META_GRAPH_API_VERSION: 'v27.0',
    });
    expect(() => loadConfig({ META_GRAPH_API_VERSION: '26' })).toThrow(/META_GRAPH_API_VERSION/);
  });
});

describe('configWarnings', () => {
  it('warns a production server of the test-only cost and rate-limit settings, and nobody else', () => {
    const production = { NODE_ENV: 'production', PASSWORD_HASH_COST: 'low', RATE_LIMITS: 'off' };
    expect(configWarnings(loadConfig(production))).toEqual([
      'PASSWORD_HASH_COST=low: new password hashes use the cheapest argon2id, meant for tests and benchmarks; unset it',
      'RATE_LIMITS=off: no request is rate limited (sign-in, lead submissions, API keys); unset it',
    ]);
    expect(configWarnings(loadConfig({ NODE_ENV: 'production' }))).toEqual([]);
    expect(configWarnings(loadConfig({ ...production, NODE_ENV: 'development' }))).toEqual([]);
  });
});
