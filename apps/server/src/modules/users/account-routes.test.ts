import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@portal/contract';
import { sessions, users } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createPartner } from '../../../test/factories';
import { describeDevice } from './device';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function signIn(user: { email: string; password: string }, userAgent = chrome) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    headers: { 'user-agent': userAgent },
    payload: { email: user.email, password: user.password },
  });
  return bearer(res.json().data.token as string);
}
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

describe('POST /users/change-password', () => {
  it('checks the current password, sets the new one, ends the other sessions and keeps this one', async () => {
    const partner = await createPartner(ctx.db);
    const here = await signIn(partner);
    const elsewhere = await signIn(partner, iphone);

    const wrong = await call('POST', '/users/change-password', here, {
      current_password: 'not-it',
      new_password: 'a-new-password-9',
      confirm_new_password: 'a-new-password-9',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      status: 'error',
      message: messages.account.currentPasswordWrong,
      errors: { current_password: messages.account.currentPasswordWrong },
    });

    const mismatch = await call('POST', '/users/change-password', here, {
      current_password: partner.password,
      new_password: 'a-new-password-9',
      confirm_new_password: 'something-else',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({ confirm_new_password: messages.auth.passwordsMismatch });

    const short = await call('POST', '/users/change-password', here, {
      current_password: partner.password,
      new_password: 'short',
      confirm_new_password: 'short',
    });
    expect(short.json().errors).toEqual({ new_password: messages.auth.passwordTooShort });

    const ok = await call('POST', '/users/change-password', here, {
      current_password: partner.password,
      new_password: 'a-new-password-9',
      confirm_new_password: 'a-new-password-9',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'success', message: messages.account.passwordChanged });
    expect((await call('GET', '/users/me', here)).statusCode).toBe(200);
    expect((await call('GET', '/users/me', elsewhere)).statusCode).toBe(401);
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, partner.id));
    expect(await verifyPassword(stored!.passwordHash, 'a-new-password-9')).toBe(true);
  });

  it('needs a session', async () => {
    expect((await call('POST', '/users/change-password', {}, {})).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('lists the caller’s sessions with their device, signs out one, then all others', async () => {
    const partner = await createPartner(ctx.db);
    const here = await signIn(partner);
    const phone = await signIn(partner, iphone);
    const third = await signIn(partner, 'curl/8.0');
    const stranger = await signIn(await createPartner(ctx.db));

    const list = await call('GET', '/users/sessions', here);
    expect(list.statusCode).toBe(200);
    const items = list.json().data as { id: number; device: string; current: boolean }[];
    expect(items).toHaveLength(3);
    expect(items.filter((s) => s.current).map((s) => s.device)).toEqual(['Chrome on Windows']);
    expect(items.map((s) => s.device).sort()).toEqual(['Chrome on Windows', 'Safari on iOS', 'Unknown device'].sort());

    const phoneSession = items.find((s) => s.device === 'Safari on iOS')!;
    // Another user's session is "not found".
    expect((await call('DELETE', `/users/sessions/${phoneSession.id}`, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', `/users/sessions/${phoneSession.id}`, here)).statusCode).toBe(200);
    expect((await call('GET', '/users/me', phone)).statusCode).toBe(401);

    expect((await call('POST', '/users/sessions/revoke-others', here)).statusCode).toBe(200);
    expect((await call('GET', '/users/me', third)).statusCode).toBe(401);
    expect((await call('GET', '/users/me', here)).statusCode).toBe(200);
    expect((await call('GET', '/users/me', stranger)).statusCode).toBe(200);
    const open = await ctx.db.select().from(sessions).where(eq(sessions.userId, partner.id));
    expect(open.filter((s) => s.revokedAt === null)).toHaveLength(1);
  });

  it('names devices from user agents', () => {
    expect(describeDevice(chrome)).toBe('Chrome on Windows');
    expect(describeDevice(iphone)).toBe('Safari on iOS');
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on Linux');
    expect(describeDevice(null)).toBe('Unknown device');
  });
});
