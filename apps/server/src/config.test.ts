import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
});
