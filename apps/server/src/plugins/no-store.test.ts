import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { bearer, createAdmin, createPartner, loginAs } from '../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('Cache-Control: no-store', () => {
  it('is sent with the token of login and register', async () => {
    const partner = await createPartner(ctx.db);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: partner.email, password: partner.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');

    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: {
        full_name: 'New Partner',
        email: 'new-no-store@example.com',
        password: 'a-long-passphrase',
        confirm_password: 'a-long-passphrase',
      },
    });
    expect(register.statusCode).toBe(201);
    expect(register.headers['cache-control']).toBe('no-store');
  });

  it('is sent with every authenticated answer, errors included', async () => {
    const partnerToken = await loginAs(ctx.app, await createPartner(ctx.db));
    const adminToken = await loginAs(ctx.app, await createAdmin(ctx.db));
    const answers = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(partnerToken) }),
      ctx.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: bearer(adminToken) }),
      ctx.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: bearer(partnerToken) }),
      ctx.app.inject({ method: 'GET', url: '/api/v1/settings/public', headers: bearer(partnerToken) }),
      ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer('revoked-or-unknown') }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 403, 200, 401]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is not imposed outside the API', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});
