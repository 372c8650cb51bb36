import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { bearer, createPartner } from '../../test/factories';
import { sessions } from '../db/schema';
import { createSession, touchIntervalMs } from '../lib/sessions';

/**
 * What a signed-in request costs the database with the session cache on, as the product runs it
 * (SESSION_CACHE_TTL_MS defaults to on): a request served from the cache asks nothing, and its last
 * use is written once a minute. Counted at the driver: the pg pool's or the PGlite instance's query methods.
 */
describe('a signed-in request and the database', () => {
  let ctx: TestContext;
  let issued: string[];
  beforeAll(async () => {
    ctx = await createTestContext({ SESSION_CACHE_TTL_MS: '30000' }); // the product's default
    issued = [];
    // drizzle() adds its driver as $client; the Database type does not name it.
    const client = (ctx.db as unknown as { $client: Record<string, unknown> }).$client;
    for (const method of ['query', 'exec', 'transaction']) {
      const original = client[method];
      if (typeof original !== 'function') continue;
      client[method] = function (this: unknown, ...args: unknown[]) {
        const [first] = args;
        // pg takes a query config ({ text, values }), PGlite the SQL text.
        issued.push(`${method}: ${typeof first === 'string' ? first : String((first as { text?: string } | undefined)?.text)}`);
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      };
    }
  });
  afterAll(() => ctx?.close());
  afterEach(() => vi.useRealTimers());

  const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });

  it('is served from the session cache without a query, and its last use is written once a minute', async () => {
    const partner = await createPartner(ctx.db);
    const token = await createSession(ctx.db, partner.id, 'test');

    issued.length = 0;
    expect((await me(token)).statusCode).toBe(200);
    expect(issued).toHaveLength(1); // the session read, then kept

    issued.length = 0;
    for (let i = 0; i < 5; i += 1) {
      const res = await me(token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user.id).toBe(partner.id);
    }
    expect(issued).toEqual([]);

    // A minute on (past the cache's 30 s too): one request reads the session again and writes its
    // last use, the next ones ask nothing.
    const later = Date.now() + touchIntervalMs + 1_000;
    vi.useFakeTimers({ now: later, toFake: ['Date'] });
    issued.length = 0;
    for (let i = 0; i < 3; i += 1) expect((await me(token)).statusCode).toBe(200);
    expect(issued).toHaveLength(2);
    expect(issued[0]).toMatch(/from "sessions"/);
    expect(issued[1]).toMatch(/update "sessions" set "last_used_at"/);
    const [stored] = await ctx.db.select().from(sessions).where(eq(sessions.userId, partner.id));
    expect(stored!.lastUsedAt.getTime()).toBe(later);
  });
});
