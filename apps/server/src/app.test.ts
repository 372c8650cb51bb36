import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('app shell', () => {
  it('answers unknown API routes with a JSON 404 envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'Not found: GET /api/v1/does-not-exist' });
  });

  it('sends security headers and no CORS grant', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing', headers: { origin: 'https://evil.test' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('rejects malformed JSON with a 400 envelope, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().status).toBe('error');
  });

  it('serves no API description unless API_DOCS=on', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: `Not found: GET ${url}` });
    }
  });
});

describe('with API_DOCS=on', () => {
  let docs: TestContext;
  beforeAll(async () => {
    docs = await createTestContext({ API_DOCS: 'on' });
  });
  afterAll(() => docs.close());

  it('serves the OpenAPI document', async () => {
    const res = await docs.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().info.title).toBe('Partner Portal API');
  });
});
