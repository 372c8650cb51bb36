import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { webAppPlugin } from './web-app';
import { compressHtml, jsonForScript } from './landing-ssr';

let app: FastifyInstance;
let distDir: string;
const uuid = '8b0c6f5e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';

// A build as `npm run build` leaves it: index.html with its stylesheet, the manifest, and dist/ssr.
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-dist-ssr-'));
  fs.mkdirSync(path.join(distDir, 'ssr'));
  fs.mkdirSync(path.join(distDir, '.vite'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head><title>Partner Portal</title><script type="module" crossorigin src="/assets/index-1.js"></script>\n<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(distDir, 'ssr', 'render-landing.js'),
    'export function renderLandingPage(input) { const name = input.settings.companyName ?? "Partner Portal"; return { html: `<main><h1>${name}</h1><form><input name="businessName"></form></main>`, data: { settings: input.settings, year: input.year } }; }\n',
  );
  fs.writeFileSync(path.join(distDir, 'ssr', 'landing-critical.css'), '.bg-white{background:#fff}');
  fs.writeFileSync(
    path.join(distDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/features/leads/landing/referral-entry.tsx': { file: 'assets/referral-entry-2.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-3.js' },
    }),
  );
  app = Fastify();
  await app.register(webAppPlugin, {
    distDir,
    pageRender: async (pathname) =>
      pathname.startsWith('/referral/')
        ? { settings: { companyName: 'Acme </script><b>', supportPhone: null }, year: 2026 }
        : null,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the landing page rendered on the server', () => {
  it('sends the page markup, its hydration data, the critical CSS inline and the full stylesheet deferred', async () => {
    const res = await app.inject({ method: 'GET', url: `/referral/${uuid}`, headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(
      '<div id="root"><main><h1>Acme </script><b></h1><form><input name="businessName"></form></main></div>',
    );
    expect(res.body).toContain(
      '<script type="application/json" id="landing-data">{"settings":{"companyName":"Acme \\u003c/script\\u003e\\u003cb\\u003e","supportPhone":null},"year":2026}</script>',
    );
    expect(res.body).toContain('<style>.bg-white{background:#fff}</style>');
    expect(res.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/index-1.css" data-deferred-style>');
    expect(res.body).toContain('<noscript><link rel="stylesheet" href="/assets/index-1.css"></noscript>');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/referral-entry-2.js">');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/react-3.js">');
  });

  it('compresses the page for a browser that accepts it', async () => {
    const br = await app.inject({ method: 'GET', url: `/referral/${uuid}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<input name="businessName">');
    const gz = await app.inject({ method: 'GET', url: `/referral/${uuid}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<input name="businessName">');
  });

  it('leaves other pages to the browser, and never serves the renderer', async () => {
    const other = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(other.body).toContain('<div id="root"></div>');
    expect(other.body).not.toContain('landing-data');
    const renderer = await app.inject({ method: 'GET', url: '/ssr/render-landing.js' });
    expect(renderer.statusCode).toBe(404);
    expect(renderer.body).not.toContain('renderLandingPage');
  });
});

describe('helpers', () => {
  it('writes JSON that cannot close its script element', () => {
    expect(jsonForScript({ a: '</script><!--' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--"}');
  });

  it('picks brotli, then gzip, and honours q=0', () => {
    expect(compressHtml('x', 'gzip, br').encoding).toBe('br');
    expect(compressHtml('x', 'br;q=0, gzip').encoding).toBe('gzip');
    expect(compressHtml('x', 'identity').encoding).toBeNull();
    expect(compressHtml('x', undefined).encoding).toBeNull();
  });
});
