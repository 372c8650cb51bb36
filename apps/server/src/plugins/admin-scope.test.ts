import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_SETUP_REQUIRED, messages, settingKeys } from '@portal/contract';
import { createTestContext, type TestContext } from '../../test/context';
import { bearer, createAdmin, createPartner, loginAs } from '../../test/factories';
import type { Database } from '../db';
import { settings } from '../db/schema';
import { createSession } from '../lib/sessions';
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
      if (role) request.user = { id: 1, role, status: 'active' } as UserRow;
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
  let pendingToken: string;
  let mustEnrolToken: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    partnerToken = await loginAs(ctx.app, await createPartner(ctx.db));
    pendingToken = await createSession(ctx.db, (await createPartner(ctx.db, { status: 'pending_approval' })).id);
    // An admin who has not enrolled while Admin Two-Factor is required.
    mustEnrolToken = await createSession(ctx.db, (await createAdmin(ctx.db)).id);
    await ctx.db.insert(settings).values({ key: settingKeys.adminTwoFactor, value: 'required' });
  });
  afterAll(() => ctx.close());

  const isAdminPath = (url: string) => /^\/api\/v1\/(admin|leads\/admin)(\/|$)/.test(url);

  it('answers 401 to anonymous callers and 403 to partners, applicants and admins who must enrol, before reading any input', async () => {
    const routes = ctx.app.registeredRoutes.filter((r) => isAdminPath(r.url) && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThanOrEqual(5);
    for (const route of routes) {
      const url = route.url.replace(/:[a-zA-Z_]+/g, 'x');
      const method = route.method as 'GET';
      const anonymous = await ctx.app.inject({ method, url });
      expect(anonymous.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      const partner = await ctx.app.inject({ method, url, headers: bearer(partnerToken) });
      expect(partner.statusCode, `${route.method} ${route.url} as a partner`).toBe(403);
      const pending = await ctx.app.inject({ method, url, headers: bearer(pendingToken) });
      expect(pending.statusCode, `${route.method} ${route.url} as an applicant`).toBe(403);
      const mustEnrol = await ctx.app.inject({ method, url, headers: bearer(mustEnrolToken) });
      expect(mustEnrol.statusCode, `${route.method} ${route.url} as an admin who must enrol`).toBe(403);
      expect(mustEnrol.json()).toMatchObject({ code: TWO_FACTOR_SETUP_REQUIRED });
    }
  });
});
