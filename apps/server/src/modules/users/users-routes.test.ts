import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, userSchema } from '@portal/contract';
import { passwordResets, sessions, users } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { hashToken } from '../../lib/tokens';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createPartner, DEFAULT_PASSWORD, loginAs } from '../../../test/factories';
import { settleBackgroundTasks } from './background-tasks';
import { requestPasswordReset } from './users-service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMITS: 'off' });
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/users${url}`, payload, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/users${url}`, headers });
const putPixel = (payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/users/update-pixel-id', payload, headers });

const validRegistration = (overrides: object = {}) => ({
  full_name: 'Nora New',
  email: `nora-${Math.random().toString(36).slice(2)}@example.com`,
  password: 'a-long-password',
  confirm_password: 'a-long-password',
  ...overrides,
});

async function findUser(id: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function requestReset(email: string) {
  const res = await post('/forgot-password', { email });
  await settleBackgroundTasks();
  return res;
}

function tokenFromLastMail(): string {
  const mail = ctx.mailer.sent.at(-1);
  const match = mail?.text.match(/\/reset-password\?token=([\w-]+)/);
  if (!match) throw new Error('no reset link in the last mail');
  return match[1]!;
}

const userKeys = Object.keys(userSchema.shape).sort();

describe('POST /users/login', () => {
  it('returns the user and a working bearer token, never the password hash', async () => {
    const partner = await createPartner(ctx.db, { email: 'lena@example.com' });
    const res = await post('/login', { email: 'lena@example.com', password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(Object.keys(body.data.user).sort()).toEqual(userKeys);
    expect(body.data.user).toMatchObject({ id: partner.id, email: 'lena@example.com', role: 'user', status: 'active' });
    expect(body.data.user.created_at).toBe(partner.createdAt.toISOString());
    expect(res.body).not.toContain('argon2');

    const [session] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.data.token)));
    expect(session?.userId).toBe(partner.id);
    const me = await get('/me', bearer(body.data.token));
    expect(me.json().data.user.id).toBe(partner.id);
  });

  it('matches the email trimmed and case-insensitively', async () => {
    await createPartner(ctx.db, { email: 'mixed@example.com' });
    const res = await post('/login', { email: '  MiXed@Example.COM ', password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    await createPartner(ctx.db, { email: 'known@example.com' });
    const wrongPassword = await post('/login', { email: 'known@example.com', password: 'not-the-password' });
    const unknownEmail = await post('/login', { email: 'nobody@example.com', password: 'not-the-password' });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'error', message: messages.auth.invalidCredentials });
    }
  });

  it('refuses a disabled account with 403, but only after the right password', async () => {
    await createPartner(ctx.db, { email: 'off@example.com', status: 'disabled' });
    const right = await post('/login', { email: 'off@example.com', password: DEFAULT_PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ status: 'error', message: messages.auth.accountDisabled });
    const wrong = await post('/login', { email: 'off@example.com', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
  });

  it.each([
    [{ password: 'x' }, 'email', messages.auth.emailRequired],
    [{ email: '', password: 'x' }, 'email', messages.auth.emailRequired],
    [{ email: 'not-an-email', password: 'x' }, 'email', messages.auth.emailInvalid],
    [{ email: 'a@example.com' }, 'password', messages.auth.passwordRequired],
    [{ email: 'a@example.com', password: '' }, 'password', messages.auth.passwordRequired],
  ])('rejects %j with 400 and the field message', async (payload, field, message) => {
    const res = await post('/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', message, errors: { [field]: message } });
  });
});

describe('POST /users/register', () => {
  it('creates a partner with a new uuid and signs it in', async () => {
    const res = await post('/register', validRegistration({ full_name: 'Nora New', email: '  Nora@Example.com ' }));
    expect(res.statusCode).toBe(201);
    const { user, token } = res.json().data;
    expect(Object.keys(user).sort()).toEqual(userKeys);
    expect(user).toMatchObject({ full_name: 'Nora New', email: 'nora@example.com', role: 'user', facebook_pixel_id: '' });
    expect(user.uuid).toMatch(/^[0-9a-f-]{36}$/);

    const row = await findUser(user.id);
    expect(row.email).toBe('nora@example.com');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.passwordHash, 'a-long-password')).toBe(true);
    expect((await get('/me', bearer(token))).statusCode).toBe(200);
  });

  it('ignores a role asked for in the payload', async () => {
    const res = await post('/register', validRegistration({ role: 'admin', status: 'disabled', id: 1 }));
    expect(res.statusCode).toBe(201);
    const { user } = res.json().data;
    expect(user.role).toBe('user');
    expect(user.status).toBe('active');
    expect((await findUser(user.id)).role).toBe('user');
  });

  it('refuses an email already taken, whatever its case', async () => {
    await createPartner(ctx.db, { email: 'taken@example.com' });
    const res = await post('/register', validRegistration({ email: 'TAKEN@example.com' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 'error',
      message: messages.auth.emailTaken,
      errors: { email: messages.auth.emailTaken },
    });
  });

  it.each([
    [{ full_name: '  ' }, 'full_name', messages.auth.fullNameRequired],
    [{ email: '' }, 'email', messages.auth.emailRequired],
    [{ email: 'nope' }, 'email', messages.auth.emailInvalid],
    [{ password: '', confirm_password: '' }, 'password', messages.auth.passwordRequired],
    [{ password: 'short', confirm_password: 'short' }, 'password', messages.auth.passwordTooShort],
    [{ confirm_password: '' }, 'confirm_password', messages.auth.confirmRequired],
    [{ confirm_password: 'a-different-password' }, 'confirm_password', messages.auth.passwordsMismatch],
  ])('rejects %j with 400 and the field message', async (overrides, field, message) => {
    const res = await post('/register', validRegistration(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', message, errors: { [field]: message } });
  });
});

describe('GET /users/me', () => {
  it('returns the signed-in user', async () => {
    const partner = await createPartner(ctx.db, { compensationLink: 'https://example.com/pay', facebookPixelId: '42' });
    const res = await get('/me', bearer(await loginAs(ctx.app, partner)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      data: {
        user: {
          id: partner.id,
          uuid: partner.uuid,
          full_name: partner.fullName,
          email: partner.email,
          role: 'user',
          status: 'active',
          compensation_link: 'https://example.com/pay',
          facebook_pixel_id: '42',
          created_at: partner.createdAt.toISOString(),
        },
      },
    });
  });

  it.each([
    ['no token', {}],
    ['a malformed header', { authorization: 'Token abc' }],
    ['an unknown token', bearer('not-a-real-token')],
  ])('answers 401 with %s', async (_label, headers) => {
    const res = await get('/me', headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', message: messages.auth.unauthorized });
  });

  it('answers 401 once the account is disabled', async () => {
    const partner = await createPartner(ctx.db);
    const token = await loginAs(ctx.app, partner);
    await ctx.db.update(users).set({ status: 'disabled' }).where(eq(users.id, partner.id));
    expect((await get('/me', bearer(token))).statusCode).toBe(401);
  });
});

describe('POST /users/logout', () => {
  it('ends the current session only', async () => {
    const partner = await createPartner(ctx.db);
    const token = await loginAs(ctx.app, partner);
    const otherDevice = await loginAs(ctx.app, partner);

    const res = await post('/logout', {}, bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: messages.auth.loggedOut });

    expect((await get('/me', bearer(token))).statusCode).toBe(401);
    expect((await get('/me', bearer(otherDevice))).statusCode).toBe(200);
    const [session] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(session?.revokedAt).toBeInstanceOf(Date);
  });

  it('answers 401 without a token', async () => {
    expect((await post('/logout', {})).statusCode).toBe(401);
  });
});

describe('POST /users/forgot-password', () => {
  const sentBody = { status: 'success', message: messages.forgotPassword.sentBody };

  it('mails a one-hour reset link built from PUBLIC_URL, storing only the token hash', async () => {
    const partner = await createPartner(ctx.db, { email: 'forgot@example.com', fullName: 'Fiona Forgot' });
    const before = ctx.mailer.sent.length;
    const res = await post('/forgot-password', { email: ' Forgot@Example.com' }, { host: 'evil.test' });
    await settleBackgroundTasks();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(sentBody);

    expect(ctx.mailer.sent).toHaveLength(before + 1);
    const mail = ctx.mailer.sent.at(-1)!;
    expect(mail.to).toBe('forgot@example.com');
    expect(mail.subject).toBe('Reset your Partner Portal password');
    const token = tokenFromLastMail();
    expect(mail.text).toContain(`http://portal.test/reset-password?token=${token}`);
    expect(mail.html).toContain(`http://portal.test/reset-password?token=${token}`);
    expect(mail.text).not.toContain('evil.test');

    const rows = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, partner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(rows[0]!.usedAt).toBeNull();
    const ttl = rows[0]!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000);
  });

  it('answers an unknown or disabled email exactly as a known one, and mails nobody', async () => {
    await createPartner(ctx.db, { email: 'sleeping@example.com', status: 'disabled' });
    const resetsBefore = await ctx.db.select().from(passwordResets);
    const before = ctx.mailer.sent.length;
    for (const email of ['ghost@example.com', 'sleeping@example.com']) {
      const res = await requestReset(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(sentBody);
    }
    expect(ctx.mailer.sent).toHaveLength(before);
    expect(await ctx.db.select().from(passwordResets)).toHaveLength(resetsBefore.length);
  });

  it('keeps only the newest link valid', async () => {
    const partner = await createPartner(ctx.db);
    await requestReset(partner.email);
    const first = tokenFromLastMail();
    await requestReset(partner.email);
    const second = tokenFromLastMail();
    const payload = { new_password: 'brand-new-password', confirm_new_password: 'brand-new-password' };
    expect((await post('/reset-password', { token: first, ...payload })).statusCode).toBe(400);
    expect((await post('/reset-password', { token: second, ...payload })).statusCode).toBe(200);
  });

  it('still answers success when the mail cannot be sent', async () => {
    const partner = await createPartner(ctx.db);
    const send = vi.spyOn(ctx.mailer, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    const res = await requestReset(partner.email);
    expect(send).toHaveBeenCalledOnce();
    send.mockRestore();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(sentBody);
  });

  it.each([
    [{}, messages.auth.emailRequired],
    [{ email: '  ' }, messages.auth.emailRequired],
    [{ email: 'not-an-email' }, messages.auth.emailInvalid],
  ])('rejects %j with 400 and the field message', async (payload, message) => {
    const res = await post('/forgot-password', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message, errors: { email: message } });
  });

  it('logs the reset link only when mail does not leave the machine', async () => {
    const partner = await createPartner(ctx.db);
    const log = { info: vi.fn() } as unknown as FastifyBaseLogger & { info: ReturnType<typeof vi.fn> };
    const logged = () => JSON.stringify(log.info.mock.calls);

    await requestPasswordReset({ ...ctx, log, config: { ...ctx.config, SMTP_URL: undefined } }, partner.email);
    expect(logged()).toContain(`reset-password?token=${tokenFromLastMail()}`);

    log.info.mockClear();
    await requestPasswordReset({ ...ctx, log, config: { ...ctx.config, SMTP_URL: 'smtp://mail.test' } }, partner.email);
    expect(log.info).toHaveBeenCalledOnce();
    expect(logged()).not.toContain(tokenFromLastMail());
  });
});

describe('POST /users/reset-password', () => {
  const newPassword = 'fresh-password-99';
  const resetWith = (token: string) =>
    post('/reset-password', { token, new_password: newPassword, confirm_new_password: newPassword });

  it('sets the new password, ends every session and mails a notice', async () => {
    const partner = await createPartner(ctx.db, { email: 'reset-me@example.com' });
    const sessionToken = await loginAs(ctx.app, partner);
    await requestReset(partner.email);
    const token = tokenFromLastMail();

    const res = await resetWith(token);
    await settleBackgroundTasks();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: messages.resetPassword.done });

    expect((await get('/me', bearer(sessionToken))).statusCode).toBe(401);
    expect((await post('/login', { email: partner.email, password: DEFAULT_PASSWORD })).statusCode).toBe(401);
    expect((await post('/login', { email: partner.email, password: newPassword })).statusCode).toBe(200);

    const [reset] = await ctx.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expect(reset?.usedAt).toBeInstanceOf(Date);
    const notice = ctx.mailer.sent.at(-1)!;
    expect(notice.to).toBe('reset-me@example.com');
    expect(notice.subject).toBe('Your Partner Portal password was changed');
  });

  it('rejects a reset token used twice', async () => {
    const partner = await createPartner(ctx.db);
    await requestReset(partner.email);
    const token = tokenFromLastMail();
    expect((await resetWith(token)).statusCode).toBe(200);
    const again = await resetWith(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: 'error', message: messages.resetPassword.tokenInvalid });
  });

  it('lets only one of two concurrent uses of a token win', async () => {
    const partner = await createPartner(ctx.db);
    await requestReset(partner.email);
    const token = tokenFromLastMail();
    const results = await Promise.all([resetWith(token), resetWith(token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('rejects an expired token', async () => {
    const partner = await createPartner(ctx.db);
    await requestReset(partner.email);
    const token = tokenFromLastMail();
    await ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    const res = await resetWith(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: messages.resetPassword.tokenInvalid });
    expect(await verifyPassword((await findUser(partner.id)).passwordHash, DEFAULT_PASSWORD)).toBe(true);
  });

  it('rejects an unknown token', async () => {
    const res = await resetWith('made-up-token');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: messages.resetPassword.tokenInvalid });
  });

  it.each([
    [{ token: '' }, 'token', messages.resetPassword.tokenMissing],
    [{ new_password: '', confirm_new_password: '' }, 'new_password', messages.auth.passwordRequired],
    [{ new_password: 'short', confirm_new_password: 'short' }, 'new_password', messages.auth.passwordTooShort],
    [{ confirm_new_password: '' }, 'confirm_new_password', messages.auth.confirmRequired],
    [{ confirm_new_password: 'something-else' }, 'confirm_new_password', messages.auth.passwordsMismatch],
  ])('rejects %j with 400 and the field message', async (overrides, field, message) => {
    const res = await post('/reset-password', {
      token: 'some-token',
      new_password: newPassword,
      confirm_new_password: newPassword,
      ...overrides,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', message, errors: { [field]: message } });
  });
});

describe('Facebook Pixel ID', () => {
  it('reads, sets and clears the pixel id of the signed-in user', async () => {
    const partner = await createPartner(ctx.db);
    const auth = bearer(await loginAs(ctx.app, partner));
    expect((await get('/user/get-pixel-id', auth)).json()).toEqual({ status: 'success', data: { facebook_pixel_id: '' } });

    const set = await putPixel({ facebook_pixel_id: ' 1234567890 ' }, auth);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ status: 'success', message: messages.pixel.updated });
    expect((await findUser(partner.id)).facebookPixelId).toBe('1234567890');
    expect((await get('/user/get-pixel-id', auth)).json().data.facebook_pixel_id).toBe('1234567890');

    expect((await putPixel({ facebook_pixel_id: '' }, auth)).statusCode).toBe(200);
    expect((await findUser(partner.id)).facebookPixelId).toBe('');
  });

  it('rejects a pixel id with anything but digits', async () => {
    const partner = await createPartner(ctx.db, { facebookPixelId: '777' });
    const res = await putPixel({ facebook_pixel_id: '12ab' }, bearer(await loginAs(ctx.app, partner)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      message: messages.pixel.invalid,
      errors: { facebook_pixel_id: messages.pixel.invalid },
    });
    expect((await findUser(partner.id)).facebookPixelId).toBe('777');
  });

  it('needs a session', async () => {
    expect((await get('/user/get-pixel-id')).statusCode).toBe(401);
    expect((await putPixel({ facebook_pixel_id: 'abc' })).statusCode).toBe(401);
  });
});
