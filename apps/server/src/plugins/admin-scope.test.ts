import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/contract';
import { createTestContext, type TestContext } from '../../test/context';
import { bearer, createAdmin, createPartner, loginAs } from '../../test/factories';
import type { Database } from '../db';
import type { UserRow } from '../lib/sessions';
import { adminScope } from './admin-scope';
import { errorHandlerPlugin } from './error-handler';

describe('the admin scope', () => {
  it('guards a route added without any guard of its own', async () => {
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    // The scope also asks whether an admin must first set up two-factor: here, never.
    app.decorate('db', { execute: async () => ({ rows: [{ required: false }] }) } as unknown as Database);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const role = request.headers['x-test-role'];
      if (role) request.user = { id: 1, role } as UserRow;
    });
    // A new admin feature written without a thought for authorization.
    await app.register(
      adminScope(async (admin) => void admin.get('/new-thing', async () => ({ secret: 42 }))),
      {
        prefix: '/admin',
      },
    );

    const anonymous = await app.inject({ method: 'GET', url: '/admin/new-thing' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: 'error', message: messages.auth.unauthorized });
    const partner = await app.inject({ method: 'GET', url: '/admin/new-thing', headers: { 'x-test-role': 'user' } });
    expect(partner.statusCode).toBe(403);
    const admin = await app.inject({ method: 'GET', url: '/admin/new-thing', headers: { 'x-test-role': 'admin' } });
    expect(admin.json()).toEqual({ secret: 42 });
    await app.close();
  });
});

describe('every admin route of the app', () => {
  let ctx: TestContext;
  let partnerToken: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    partnerToken = await loginAs(ctx.app, await createPartner(ctx.db));
    await createAdmin(ctx.db);
  });
  afterAll(() => ctx.close());

  const isAdminPath = (url: string) => /^\/api\/v1\/(admin|leads\/admin)(\/|$)/.test(url);

  it('answers 401 to anonymous callers and 403 to partners, before reading any input', async () => {
    const routes = ctx.app.registeredRoutes.filter((r) => isAdminPath(r.url) && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThanOrEqual(5);
    for (const route of routes) {
      const url = route.url.replace(/:[a-zA-Z_]+/g, 'x');
      const method = route.method as 'GET';
      const anonymous = await ctx.app.inject({ method, url });
      expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      const partner = await ctx.app.inject({ method, url, headers: bearer(partnerToken) });
      expect(partner.statusCode, `${route.method} ${route.url} as a partner`).toBe(403);
    }
  });
});
