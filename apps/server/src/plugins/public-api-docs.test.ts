import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';

let ctx: TestContext;
beforeAll(async () => {
  // API_DOCS is off, as in production: the public description is published anyway.
  ctx = await createTestContext({ PUBLIC_URL: 'https://partners.example.com' });
});
afterAll(() => ctx.close());

describe('the public API description', () => {
  it('describes exactly the routes an API key works on, with examples, and passes the linter', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/public-api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/admin/commissions/imports',
      '/api/v1/admin/commissions/imports/{id}/commit',
      '/api/v1/admin/commissions/lines',
      '/api/v1/admin/leads',
      '/api/v1/admin/leads/{id}',
      '/api/v1/admin/leads/{id}/status',
      '/api/v1/admin/statements',
      '/api/v1/partner/referrals',
      '/api/v1/partner/referrals/{id}',
    ]);
    // Exactly the admin API's methods: the manual line (POST /commissions/lines) is not in it.
    expect(Object.keys(doc.paths['/api/v1/admin/commissions/lines'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/v1/admin/commissions/imports'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/v1/partner/referrals']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/v1/partner/referrals/{id}'])).toEqual(['get']);
    const post = doc.paths['/api/v1/partner/referrals'].post;
    expect(post.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key' })]));
    expect(post.requestBody.content['application/json'].example).toMatchObject({
      Company: 'Corner Bakery',
      consent: { text_version: '2026-10-01' },
    });
    expect(post.responses['201'].content['application/json'].example.data.status).toBe('new');
    const list = doc.paths['/api/v1/partner/referrals'].get;
    expect(list.responses['200'].content['application/json'].example.data.items[0].business).toBe('Corner Bakery');
    expect(res.body).not.toMatch(/\/users\/|\/settings|api-keys|webhooks/);
    // The admin API: each operation names its permission and carries examples.
    const status = doc.paths['/api/v1/admin/leads/{id}/status'].post;
    expect(status.description).toContain('API key permission: `referrals:write`.');
    expect(status.requestBody.content['application/json'].example).toMatchObject({ status: 'contacted', expected_status: 'new' });
    expect(status.responses['200'].content['application/json'].example.data.business).toBe('Corner Bakery');
    const upload = doc.paths['/api/v1/admin/commissions/imports'].post;
    expect(upload.description).toContain('`residuals:import`');
    expect(upload.requestBody.content['multipart/form-data'].schema.required).toEqual(['file', 'month', 'processor']);
    expect(upload.requestBody.content['multipart/form-data'].example).toMatchObject({ month: '2026-10', dry_run: 'true' });
    expect(
      doc.paths['/api/v1/admin/statements'].get.responses['200'].content['application/json'].example.data.items,
    ).toHaveLength(1);
    expect(doc.paths['/api/v1/admin/commissions/lines'].get.description).toContain('`commissions:read`');
    expect(doc.servers).toEqual([{ url: 'https://partners.example.com' }]);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: res.body, absoluteRef: 'public.json', config });
    expect(problems.filter((p) => p.severity === 'error').map((p) => p.message)).toEqual([]);
    // Every example fits its schema.
    expect(problems.filter((p) => p.ruleId === 'no-invalid-media-type-examples').map((p) => p.message)).toEqual([]);
  });

  it('keeps the full description unpublished unless API_DOCS is on', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
  });
});
