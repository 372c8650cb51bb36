import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/contract';
import { createTestContext, type TestContext } from '../../test/context';
import { bearer, createAdmin, createPartner, DEFAULT_PASSWORD, loginAs } from '../../test/factories';
import { deleteRedisKeys, noRedisReason, openTwoInstances, testRedisUrl, uniqueRedisPrefix } from '../../test/redis';
import { sessions, users } from '../db/schema';
import { loginFailureLimits, authRateLimits } from '../modules/users/rate-limits';
import type { App } from '../app';

const me = (app: App, token: string) => app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
const post = (app: App, url: string, token?: string, payload?: object, ip = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: token ? bearer(token) : {},
    payload: payload ?? {},
    remoteAddress: ip,
  });
const login = (app: App, email: string, password: string, ip: string) =>
  post(app, '/users/login', undefined, { email, password }, ip);

let ipCounter = 0;
const freshIp = () => `10.9.0.${++ipCounter}`;

describe.skipIf(!testRedisUrl)(
  `two instances on one database and one Redis${testRedisUrl ? '' : ` (skipped: ${noRedisReason})`}`,
  () => {
    const prefix = uniqueRedisPrefix();
    let instances: Awaited<ReturnType<typeof openTwoInstances>>;
    let a: TestContext;
    let b: TestContext;
    beforeAll(async () => {
      instances = await openTwoInstances({
        REDIS_URL: testRedisUrl!,
        REDIS_KEY_PREFIX: prefix,
        RATE_LIMITS: 'on',
        SESSION_CACHE_TTL_MS: '60000',
      });
      ({ a, b } = instances);
    });
    afterAll(async () => {
      await instances?.close();
      await deleteRedisKeys(testRedisUrl!, prefix);
    });

    it('share the failed-login lockout: failures on A lock the account out on B, even for the right password', async () => {
      const partner = await createPartner(a.db);
      const ip = freshIp();
      const { max } = loginFailureLimits.perAccountAndIp;
      for (let i = 0; i < max; i += 1) expect((await login(a.app, partner.email, 'wrong-password', ip)).statusCode).toBe(401);

      const locked = await login(b.app, partner.email, DEFAULT_PASSWORD, ip);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toMatch(/^Too many attempts\. Try again in 1[45] minutes\.$/);
      // Another address is not locked out, on either instance.
      expect((await login(b.app, partner.email, DEFAULT_PASSWORD, freshIp())).statusCode).toBe(200);
    });

    it('share the per-address request limit: A and B together grant it once', async () => {
      const ip = freshIp();
      const { max } = authRateLimits.loginPerIp;
      const statuses: number[] = [];
      for (let i = 0; i < max; i += 1) {
        statuses.push((await login(i % 2 ? b.app : a.app, `nobody-${i}@example.com`, 'wrong-password', ip)).statusCode);
      }
      expect(statuses).toEqual(Array(max).fill(401));
      expect((await login(a.app, 'nobody-else@example.com', 'wrong-password', ip)).statusCode).toBe(429);
      expect((await login(b.app, 'nobody-else@example.com', 'wrong-password', ip)).statusCode).toBe(429);
    });

    it('a logout on A is refused by B at once, although B had the session cached', async () => {
      const partner = await createPartner(a.db, { fullName: 'Before Rename' });
      const token = await loginAs(a.app, partner);
      expect((await me(b.app, token)).json().data.user.full_name).toBe('Before Rename');
      // Changed behind the app's back (no eviction): B still answers from its cache, so the cache is in play.
      await b.db.update(users).set({ fullName: 'After Rename' }).where(eq(users.id, partner.id));
      expect((await me(b.app, token)).json().data.user.full_name).toBe('Before Rename');

      expect((await post(a.app, '/users/logout', token)).statusCode).toBe(200);
      const refused = await me(b.app, token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ status: 'error', message: messages.auth.unauthorized });
    });

    it('logout-all and a password change on A end the other sessions on B at once', async () => {
      const partner = await createPartner(a.db);
      const [t1, t2, t3] = [await loginAs(a.app, partner), await loginAs(a.app, partner), await loginAs(b.app, partner)];
      for (const token of [t1, t2, t3]) expect((await me(b.app, token)).statusCode).toBe(200);

      const changed = await post(a.app, '/users/change-password', t1, {
        current_password: partner.password,
        new_password: 'a-new-password-9',
        confirm_new_password: 'a-new-password-9',
      });
      expect(changed.statusCode).toBe(200);
      expect((await me(b.app, t2)).statusCode).toBe(401);
      expect((await me(b.app, t3)).statusCode).toBe(401);
      expect((await me(b.app, t1)).statusCode).toBe(200);

      const t4 = await loginAs(b.app, { email: partner.email, password: 'a-new-password-9' });
      expect((await me(b.app, t4)).statusCode).toBe(200);
      expect((await post(a.app, '/users/logout-all', t1)).statusCode).toBe(200);
      expect((await me(b.app, t1)).statusCode).toBe(401);
      expect((await me(b.app, t4)).statusCode).toBe(401);
    });

    it('an admin disabling a partner on A is refused on B at once', async () => {
      const admin = await createAdmin(a.db);
      const partner = await createPartner(a.db);
      const [adminToken, partnerToken] = [await loginAs(a.app, admin), await loginAs(b.app, partner)];
      expect((await me(b.app, partnerToken)).statusCode).toBe(200);
      const res = await post(a.app, `/admin/users/${partner.id}/disable`, adminToken, { reason: 'Left the program' });
      expect(res.statusCode).toBe(200);
      expect((await me(b.app, partnerToken)).statusCode).toBe(401);
    });
  },
);

describe('session cache in one instance (no Redis)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SESSION_CACHE_TTL_MS: '60000' });
  });
  afterAll(() => ctx?.close());

  it('serves a validated session from memory and forgets it on logout and on an admin revoke', async () => {
    const partner = await createPartner(ctx.db, { fullName: 'Cached Name' });
    const token = await loginAs(ctx.app, partner);
    expect((await me(ctx.app, token)).statusCode).toBe(200);
    await ctx.db.update(users).set({ fullName: 'Renamed' }).where(eq(users.id, partner.id));
    expect((await me(ctx.app, token)).json().data.user.full_name).toBe('Cached Name');

    const admin = await createAdmin(ctx.db);
    const adminToken = await loginAs(ctx.app, admin);
    expect((await post(ctx.app, `/admin/users/${partner.id}/revoke-sessions`, adminToken)).statusCode).toBe(200);
    expect((await me(ctx.app, token)).statusCode).toBe(401);

    const again = await loginAs(ctx.app, partner);
    expect((await me(ctx.app, again)).json().data.user.full_name).toBe('Renamed');
    expect((await post(ctx.app, '/users/logout', again)).statusCode).toBe(200);
    expect((await me(ctx.app, again)).statusCode).toBe(401);
  });

  it('still ends an idle session it holds, and records the last use at most once a minute', async () => {
    const admin = await createAdmin(ctx.db);
    const token = await loginAs(ctx.app, admin);
    expect((await me(ctx.app, token)).statusCode).toBe(200);
    const [before] = await ctx.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect((await me(ctx.app, token)).statusCode).toBe(200);
    const [after] = await ctx.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(after!.lastUsedAt).toEqual(before!.lastUsedAt);

    const idleMs = ctx.config.ADMIN_SESSION_IDLE_TIMEOUT_MS;
    const realNow = Date.now;
    Date.now = () => realNow() + idleMs + 60_000;
    try {
      expect((await me(ctx.app, token)).statusCode).toBe(401);
    } finally {
      Date.now = realNow;
    }
  });
});

describe('with Redis unreachable (a port nothing listens on)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      REDIS_URL: 'redis://127.0.0.1:1',
      REDIS_KEY_PREFIX: uniqueRedisPrefix(),
      RATE_LIMITS: 'on',
      SESSION_CACHE_TTL_MS: '60000',
    });
  });
  afterAll(() => ctx?.close());

  it("starts and answers; per-address request limits hold in this instance's memory", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= authRateLimits.loginPerIp.max; i += 1) {
      statuses.push((await login(ctx.app, `down-${i}@example.com`, 'wrong-password', ip)).statusCode);
    }
    expect(statuses).toEqual([...Array(authRateLimits.loginPerIp.max).fill(401), 429]);
  });

  it("keeps the failed-login lockout in this instance's memory", async () => {
    const partner = await createPartner(ctx.db);
    const ip = freshIp();
    for (let i = 0; i < loginFailureLimits.perAccountAndIp.max; i += 1) {
      expect((await login(ctx.app, partner.email, 'wrong-password', ip)).statusCode).toBe(401);
    }
    expect((await login(ctx.app, partner.email, DEFAULT_PASSWORD, ip)).statusCode).toBe(429);
  });

  it('reads sessions from the database, so a logout is refused at once', async () => {
    const partner = await createPartner(ctx.db);
    const token = await loginAs(ctx.app, partner);
    expect((await me(ctx.app, token)).statusCode).toBe(200);
    await ctx.db.update(users).set({ fullName: 'Seen At Once' }).where(eq(users.id, partner.id));
    expect((await me(ctx.app, token)).json().data.user.full_name).toBe('Seen At Once');
    expect((await post(ctx.app, '/users/logout', token)).statusCode).toBe(200);
    expect((await me(ctx.app, token)).statusCode).toBe(401);
  });
});
