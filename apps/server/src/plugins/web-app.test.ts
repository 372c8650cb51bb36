import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { webAppPlugin } from './web-app';

let app: FastifyInstance;
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(distDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  app = Fastify();
  await app.register(webAppPlugin, { distDir, pageCsp: (p) => (p.startsWith('/referral/') ? "default-src 'self'" : null) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('answers client routes with index.html, never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="root"');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with a 404, not index.html', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/main-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe('error');
  });

  it('keeps unknown API routes a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'Not found: GET /api/v1/missing' });
  });

  it('adds the page policy only where one is defined', async () => {
    const referral = await app.inject({ method: 'GET', url: '/referral/abc' });
    expect(referral.headers['content-security-policy']).toBe("default-src 'self'");
    const login = await app.inject({ method: 'GET', url: '/login' });
    expect(login.headers['content-security-policy']).toBeUndefined();
  });
});
