import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/contract';
import { createTestContext, evictUser, type TestContext } from '../../test/context';
import { bearer, createAdmin, createPartner, loginAs } from '../../test/factories';
import { sessions } from '../db/schema';
import { hashToken } from './tokens';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });
const minutes = (n: number) => n * 60_000;

/** Moves a session's timestamps into the past, as if that much time had gone by. */
async function age(token: string, ms: { sinceSignIn?: number; sinceLastUse?: number }) {
  const interval = (n = 0) => sql`now() - make_interval(secs => ${n / 1000})`;
  const rows = await ctx.db
    .update(sessions)
    .set({ createdAt: interval(ms.sinceSignIn), lastUsedAt: interval(ms.sinceLastUse) })
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ userId: sessions.userId });
  // Written past the services: tell the session cache, as they do.
  for (const row of rows) await evictUser(ctx, row.userId);
}

describe('server-side session limits', () => {
  it('end a partner session after 12 hours without a request, an admin one after 1 hour', async () => {
    const partner = await loginAs(ctx.app, await createPartner(ctx.db));
    const admin = await loginAs(ctx.app, await createAdmin(ctx.db));

    await age(partner, { sinceLastUse: minutes(61) });
    await age(admin, { sinceLastUse: minutes(61) });
    expect((await me(partner)).statusCode).toBe(200);
    const idleAdmin = await me(admin);
    expect(idleAdmin.statusCode).toBe(401);
    expect(idleAdmin.json()).toEqual({ status: 'error', message: messages.auth.unauthorized });

    await age(partner, { sinceLastUse: minutes(12 * 60 + 1) });
    expect((await me(partner)).statusCode).toBe(401);
  });

  it('end a session past its absolute lifetime however busy it is: 12 hours for admins, 30 days for partners', async () => {
    const partner = await loginAs(ctx.app, await createPartner(ctx.db));
    const admin = await loginAs(ctx.app, await createAdmin(ctx.db));

    await age(admin, { sinceSignIn: minutes(12 * 60 + 1) });
    await age(partner, { sinceSignIn: minutes(12 * 60 + 1) });
    expect((await me(admin)).statusCode).toBe(401);
    expect((await me(partner)).statusCode).toBe(200);

    await age(partner, { sinceSignIn: minutes(30 * 24 * 60 + 1) });
    expect((await me(partner)).statusCode).toBe(401);
  });

  it('follow the configured limits', async () => {
    const short = await createTestContext({ SESSION_IDLE_TIMEOUT_MS: String(minutes(10)) });
    try {
      const token = await loginAs(short.app, await createPartner(short.db));
      await short.db
        .update(sessions)
        .set({ lastUsedAt: sql`now() - interval '11 minutes'` })
        .where(eq(sessions.tokenHash, hashToken(token)));
      expect((await short.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) })).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('POST /users/logout-all', () => {
  it('ends every session of the user, and only theirs', async () => {
    const partner = await createPartner(ctx.db);
    const [laptop, phone] = [await loginAs(ctx.app, partner), await loginAs(ctx.app, partner)];
    const other = await loginAs(ctx.app, await createPartner(ctx.db));

    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/logout-all', headers: bearer(phone) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: messages.auth.loggedOutEverywhere });

    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/users/logout-all' });
    expect(res.statusCode).toBe(401);
  });
});
