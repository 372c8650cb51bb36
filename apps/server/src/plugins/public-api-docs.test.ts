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
    expect(Object.keys(doc.paths).sort()).toEqual(['/api/v1/partner/referrals', '/api/v1/partner/referrals/{id}']);
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
    expect(res.body).not.toMatch(/\/admin\/|\/users\//);
    expect(doc.servers).toEqual([{ url: 'https://partners.example.com' }]);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: res.body, absoluteRef: 'public.json', config });
    expect(problems.filter((p) => p.severity === 'error').map((p) => p.message)).toEqual([]);
  });

  it('keeps the full description unpublished unless API_DOCS is on', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
  });
});
