import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { settings } from '../../db/schema';
import { webAppPlugin } from '../../plugins/web-app';
import { createTestContext, type TestContext } from '../../../test/context';
import { brandPageHead } from './page-head';

let ctx: TestContext;
let web: FastifyInstance;
let distDir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-dist-'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head><title>Partner Portal</title></head><body><div id="root"></div></body></html>',
  );
  web = Fastify();
  await web.register(webAppPlugin, { distDir, pageHead: (p) => brandPageHead(ctx.db, 'https://portal.example', p) });
  await web.ready();
}, 120_000);
afterAll(async () => {
  await web.close();
  await ctx.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const uuid = '8b0c6f5e-1d2a-4c3b-9e8f-0a1b2c3d4e5f';

describe('server-rendered page head', () => {
  it('gives the landing page neutral preview tags when nothing is set', async () => {
    const res = await web.inject({ method: 'GET', url: `/referral/${uuid}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Save on card processing fees | Partner Portal</title>');
    expect(res.body).toContain('<meta property="og:title" content="Save on card processing fees | Partner Portal" />');
    expect(res.body).toContain(`<meta property="og:url" content="https://portal.example/referral/${uuid}" />`);
    expect(res.body).toContain('<meta name="twitter:card" content="summary" />');
    expect(res.body).not.toContain('og:image');
    expect(res.body).not.toMatch(/Example Payments/);
  });

  it('uses the brand settings, HTML-escaped', async () => {
    await ctx.db.insert(settings).values([
      { key: 'Company Name', value: 'Acme "Pay" <b>&</b>' },
      { key: 'Logo URL', value: 'https://cdn.example.com/logo.png' },
    ]);
    const res = await web.inject({ method: 'GET', url: `/referral/${uuid}` });
    expect(res.body).toContain('<title>Save on card processing fees | Acme &quot;Pay&quot; &lt;b&gt;&amp;&lt;/b&gt;</title>');
    expect(res.body).toContain('<meta property="og:site_name" content="Acme &quot;Pay&quot; &lt;b&gt;&amp;&lt;/b&gt;" />');
    expect(res.body).toContain('<meta property="og:image" content="https://cdn.example.com/logo.png" />');
    expect(res.body).not.toContain('<b>&</b>');

    const other = await web.inject({ method: 'GET', url: '/login' });
    expect(other.body).toContain('<title>Acme &quot;Pay&quot; &lt;b&gt;&amp;&lt;/b&gt;</title>');
    expect(other.body).not.toContain('og:title');
    await ctx.db.delete(settings);
  });
});
