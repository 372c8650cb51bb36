import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db';
import { appSecrets, referralVisits } from '../../db/schema';
import { openTestDatabase } from '../../../test/context';
import { createPartner } from '../../../test/factories';
import { getHashSalt } from './hash-salt';
import { recordReferralVisit } from './leads-service';
import { referralPageCsp } from './referral-page-csp';

let handle: DatabaseHandle;
let app: App;
let webDistDir: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-web-'));
  fs.writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Portal</title>');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WORKER: 'off',
    DATA_DIR: webDistDir,
    HASH_SALT: 'test-salt-0123456789abcdef',
  });
  app = await buildApp({ config, db: handle.db, webDistDir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await handle.close();
  fs.rmSync(webDistDir, { recursive: true, force: true });
});

/** A CSP header as directive → sources. */
const directivesOf = (header: string | undefined) =>
  new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );

describe('referral landing page CSP', () => {
  it('adds exactly the Meta Pixel hosts to the app policy on /referral/* pages', async () => {
    const landing = await app.inject({ method: 'GET', url: '/referral/3f1c2a4e-8b7d-4c1e-9a2b-1234567890ab' });
    const other = await app.inject({ method: 'GET', url: '/login' });
    expect(landing.statusCode).toBe(200);
    // index.html, with the page head the server renders for a landing page.
    expect(landing.body).toContain('<title>Save on card processing fees | Partner Portal</title>');

    const page = directivesOf(landing.headers['content-security-policy']);
    const app_ = directivesOf(other.headers['content-security-policy']);
    expect(page.get('script-src')).toEqual(["'self'", 'https://connect.facebook.net']);
    expect(page.get('img-src')).toEqual(["'self'", 'data:', 'https:', 'https://www.facebook.com']);
    expect(page.get('connect-src')).toEqual(["'self'", 'https://www.facebook.com', 'https://connect.facebook.net']);
    for (const [name, values] of app_) {
      if (!['script-src', 'img-src', 'connect-src'].includes(name)) expect(page.get(name), name).toEqual(values);
    }
    expect([...page.keys()].sort()).toEqual([...app_.keys()].sort());
  });

  it('answers a referral link that is not a uuid with a 404 page that says what to do', async () => {
    for (const url of ['/referral/not-a-uuid', '/referral/3f1c2a4e-8b7d-4c1e', '/referral/not-a-uuid/more']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<h1>This referral link is incomplete</h1>');
      expect(res.body).toContain('Open the link again from the message you received');
      expect(res.body).not.toContain('<script');
    }
    // A valid uuid, known or not, is the landing page: it still takes the request; so is a missing
    // uuid, whose submit answers the spec's "Invalid referral link".
    expect((await app.inject({ method: 'GET', url: '/referral/3f1c2a4e-8b7d-4c1e-9a2b-1234567890ab' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/referral/' })).statusCode).toBe(200);
  });

  it('keeps Meta hosts off every other page', async () => {
    for (const url of ['/login', '/dashboard', '/referral', '/api/v1/leads/referral/x/page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).not.toContain('facebook');
    }
  });

  it('writes directive names in kebab-case and drops null ones', () => {
    expect(
      referralPageCsp({
        defaultSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
        scriptSrc: ["'self'"],
      }),
    ).toContain("default-src 'self'; ");
    const csp = referralPageCsp({ upgradeInsecureRequests: null, scriptSrc: ["'self'"] });
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).toContain("script-src 'self' https://connect.facebook.net");
  });
});

describe('GET /leads/referral/:uuid/page', () => {
  const page = (uuid: string) => app.inject({ method: 'GET', url: `/api/v1/leads/referral/${uuid}/page` });

  it("gives the partner's Pixel ID and nothing else about the partner", async () => {
    const partner = await createPartner(handle.db, { facebookPixelId: '987654321' });
    const res = await page(partner.uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { facebook_pixel_id: '987654321' } });
  });

  it('gives an empty Pixel ID for a partner without one, a disabled partner, an unknown or malformed link', async () => {
    const without = await createPartner(handle.db);
    const disabled = await createPartner(handle.db, { facebookPixelId: '111', status: 'disabled' });
    for (const uuid of [without.uuid, disabled.uuid, '7d5e8f0a-1111-4222-8333-944455556666', 'nope']) {
      expect((await page(uuid)).json(), uuid).toEqual({ status: 'success', data: { facebook_pixel_id: '' } });
    }
  });
});

describe('POST /leads/referral/:uuid/visit', () => {
  const visit = (uuid: string, ip: string, userAgent: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/leads/referral/${uuid}/visit`,
      remoteAddress: ip,
      headers: { 'user-agent': userAgent },
    });
  const visitsOf = (partnerId: number) => handle.db.select().from(referralVisits).where(eq(referralVisits.partnerId, partnerId));

  it('counts one visitor once a day, without keeping the IP', async () => {
    const partner = await createPartner(handle.db);
    expect((await visit(partner.uuid, '203.0.113.9', 'Firefox')).statusCode).toBe(204);
    expect((await visit(partner.uuid, '203.0.113.9', 'Firefox')).statusCode).toBe(204);
    await visit(partner.uuid, '203.0.113.9', 'Safari');
    await visit(partner.uuid, '203.0.113.10', 'Firefox');

    const rows = await visitsOf(partner.id);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.day).toBe(new Date().toISOString().slice(0, 10));
    for (const row of rows) expect(row.visitorHash).not.toContain('203.0.113');
  });

  it('counts the same visitor again on the next UTC day', async () => {
    const partner = await createPartner(handle.db);
    const config = app.config;
    const at = (iso: string) => ({ uuid: partner.uuid, ip: '203.0.113.9', userAgent: 'Firefox', now: new Date(iso) });
    await recordReferralVisit(handle.db, config, at('2030-01-01T23:59:00Z'));
    await recordReferralVisit(handle.db, config, at('2030-01-01T00:01:00Z'));
    await recordReferralVisit(handle.db, config, at('2030-01-02T00:01:00Z'));
    expect((await visitsOf(partner.id)).map((r) => r.day).sort()).toEqual(['2030-01-01', '2030-01-02']);
  });

  it('answers 204 for an unknown link or a disabled partner and stores nothing', async () => {
    const disabled = await createPartner(handle.db, { status: 'disabled' });
    expect((await visit('7d5e8f0a-1111-4222-8333-944455556666', '203.0.113.9', 'x')).statusCode).toBe(204);
    expect((await visit('nope', '203.0.113.9', 'x')).statusCode).toBe(204);
    expect((await visit(disabled.uuid, '203.0.113.9', 'x')).statusCode).toBe(204);
    expect(await visitsOf(disabled.id)).toHaveLength(0);
  });
});

describe('hash salt', () => {
  it('is generated once and kept in the database when HASH_SALT is unset', async () => {
    const salt = await getHashSalt(handle.db, undefined);
    expect(salt.length).toBeGreaterThanOrEqual(32);
    expect(await getHashSalt(handle.db, undefined)).toBe(salt);
    expect(await handle.db.select().from(appSecrets)).toMatchObject([{ key: 'hash_salt', value: salt }]);
    expect(await getHashSalt(handle.db, 'configured-salt-0123')).toBe('configured-salt-0123');
  });
});
