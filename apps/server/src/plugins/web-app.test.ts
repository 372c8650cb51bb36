import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { webAppPlugin } from './web-app';

let app: FastifyInstance;
const appScript = 'export const answer = 42;\n'.repeat(200);
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(distDir, 'assets', 'main-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(distDir, 'assets', 'main-abc123.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  // What the web build's precompress step writes beside each asset.
  fs.writeFileSync(path.join(distDir, 'assets', 'app-def456.js'), appScript);
  fs.writeFileSync(path.join(distDir, 'assets', 'app-def456.js.br'), brotliCompressSync(appScript));
  fs.writeFileSync(path.join(distDir, 'assets', 'app-def456.js.gz'), gzipSync(appScript));
  fs.writeFileSync(path.join(distDir, 'index.html.br'), brotliCompressSync(fs.readFileSync(path.join(distDir, 'index.html'))));
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

  it('sends the precompressed brotli or gzip copy the client accepts, else the file itself', async () => {
    const get = (encoding?: string) =>
      app.inject({ method: 'GET', url: '/assets/app-def456.js', headers: encoding ? { 'accept-encoding': encoding } : {} });

    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['vary']).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.equals(fs.readFileSync(path.join(distDir, 'assets', 'app-def456.js.br')))).toBe(true);

    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(fs.readFileSync(path.join(distDir, 'assets', 'app-def456.js.gz')))).toBe(true);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appScript);
  });

  it('sends index.html precompressed too', async () => {
    const res = await app.inject({ method: 'GET', url: '/dashboard', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('never serves a source map', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/main-abc123.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('src/main.tsx');
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
