import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  TWO_FACTOR_CHALLENGE_EXPIRED,
  TWO_FACTOR_SETUP_REQUIRED,
  messages,
  settingKeys,
  twoFactorConstants,
  twoFactorMessages,
} from '@portal/contract';
import { auditLog, settings, totpRecoveryCodes, userTotp } from '../../db/schema';
import { totpCodeAt } from '../../lib/totp';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createPartner, DEFAULT_PASSWORD } from '../../../test/factories';
import { settleBackgroundTasks } from './background-tasks';

const step = twoFactorConstants.periodSeconds * 1000;
/** A fixed clock: 5 s into a 30-second step near the real time (the database's now() stays close). */
const t0 = Math.floor(Date.now() / step) * step + 5_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: t0 });
});
afterEach(async () => {
  vi.useRealTimers();
  await settleBackgroundTasks();
});

type Headers = Record<string, string>;
const call = (c: TestContext, method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: object) =>
  c.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

const passwordStep = (c: TestContext, user: { email: string; password: string }) =>
  call(c, 'POST', '/users/login', {}, { email: user.email, password: user.password });

async function challengeFor(c: TestContext, user: { email: string; password: string }): Promise<string> {
  const res = await passwordStep(c, user);
  expect(res.statusCode).toBe(200);
  return res.json().data.challenge as string;
}

async function signInWithoutTwoFactor(c: TestContext, user: { email: string; password: string }): Promise<Headers> {
  const res = await passwordStep(c, user);
  expect(res.statusCode).toBe(200);
  return bearer(res.json().data.token as string);
}

/** Enrols through the API at the current (fake) time; the secret and codes as the user saw them. */
async function enrol(
  c: TestContext,
  auth: Headers,
  password = DEFAULT_PASSWORD,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call(c, 'POST', '/users/two-factor/setup', auth, { password });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const enabled = await call(c, 'POST', '/users/two-factor/enable', auth, { code: totpCodeAt(secret, Date.now()) });
  expect(enabled.statusCode).toBe(200);
  return { secret, recoveryCodes: enabled.json().data.recovery_codes as string[] };
}

describe('enrolment', () => {
  it('gives a secret, its otpauth URL and QR once, refuses a wrong code, enables with the right one and ends other sessions', async () => {
    const admin = await createAdmin(ctx.db, { email: 'enrol-admin@example.com' });
    const here = await signInWithoutTwoFactor(ctx, admin);
    const elsewhere = await signInWithoutTwoFactor(ctx, admin);

    const before = await call(ctx, 'GET', '/users/two-factor', here);
    expect(before.json().data).toEqual({ enabled: false, enabled_at: null, recovery_codes_remaining: 0, setup_required: false });

    const setup = await call(ctx, 'POST', '/users/two-factor/setup', here, { password: admin.password });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url, qr_svg } = setup.json().data as { secret: string; otpauth_url: string; qr_svg: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(
      `otpauth://totp/Partner%20Portal:enrol-admin%40example.com?issuer=Partner%20Portal&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr_svg).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr_svg.split(',')[1]!, 'base64').toString()).toContain('<svg');

    // Stored sealed: the row never holds the secret in clear.
    const [row] = await ctx.db.select().from(userTotp).where(eq(userTotp.userId, admin.id));
    expect(row!.secretEncrypted).not.toContain(secret);
    expect(row!.enabledAt).toBeNull();

    const badFormat = await call(ctx, 'POST', '/users/two-factor/enable', here, { code: '12345' });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().errors).toEqual({ code: twoFactorMessages.codeFormat });

    const wrongCode = String((Number(totpCodeAt(secret, Date.now())) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await call(ctx, 'POST', '/users/two-factor/enable', here, { code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: twoFactorMessages.codeWrong, errors: { code: twoFactorMessages.codeWrong } });

    // Typed with a space, as apps show it.
    const code = totpCodeAt(secret, Date.now());
    const enabled = await call(ctx, 'POST', '/users/two-factor/enable', here, { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().message).toBe(twoFactorMessages.enabled);
    const recoveryCodes = enabled.json().data.recovery_codes as string[];
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await ctx.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, admin.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(recoveryCodes[0]);

    // The secret never leaves again: no setup, nothing in the status.
    const again = await call(ctx, 'POST', '/users/two-factor/setup', here, { password: admin.password });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(twoFactorMessages.alreadyEnabled);
    const status = await call(ctx, 'GET', '/users/two-factor', here);
    expect(status.json().data).toEqual({
      enabled: true,
      enabled_at: new Date(t0).toISOString(),
      recovery_codes_remaining: 10,
      setup_required: false,
    });
    expect(status.body).not.toContain(secret);

    expect((await call(ctx, 'GET', '/users/me', here)).statusCode).toBe(200);
    expect((await call(ctx, 'GET', '/users/me', elsewhere)).statusCode).toBe(401);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'two_factor.enable'), eq(auditLog.targetId, String(admin.id))));
    expect(audit).toHaveLength(1);
  });

  it('asks for the current password before it hands out a secret', async () => {
    const partner = await createPartner(ctx.db);
    const auth = await signInWithoutTwoFactor(ctx, partner);
    const missing = await call(ctx, 'POST', '/users/two-factor/setup', auth, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ password: messages.account.currentPasswordRequired });
    const wrong = await call(ctx, 'POST', '/users/two-factor/setup', auth, { password: 'a-stolen-session-only' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: messages.account.currentPasswordWrong });
    expect(wrong.body).not.toContain('otpauth');
    expect(await ctx.db.select().from(userTotp).where(eq(userTotp.userId, partner.id))).toHaveLength(0);
    expect((await call(ctx, 'POST', '/users/two-factor/setup', auth, { password: partner.password })).statusCode).toBe(200);
  });

  it('works for partners too', async () => {
    const partner = await createPartner(ctx.db);
    await enrol(ctx, await signInWithoutTwoFactor(ctx, partner));
    expect((await passwordStep(ctx, partner)).json().data).toMatchObject({ two_factor_required: true });
  });

  it('refuses the enable call without a setup, and an anonymous caller', async () => {
    const partner = await createPartner(ctx.db);
    const auth = await signInWithoutTwoFactor(ctx, partner);
    const res = await call(ctx, 'POST', '/users/two-factor/enable', auth, { code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(twoFactorMessages.setupMissing);
    expect((await call(ctx, 'POST', '/users/two-factor/setup')).statusCode).toBe(401);
  });
});

describe('sign-in with two-factor', () => {
  it('answers the right password with a challenge, not a session, and the code step with the session', async () => {
    const admin = await createAdmin(ctx.db);
    const { secret } = await enrol(ctx, await signInWithoutTwoFactor(ctx, admin));
    vi.setSystemTime(t0 + 2 * step);

    const first = await passwordStep(ctx, admin);
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data).toEqual({
      two_factor_required: true,
      challenge: expect.any(String),
      expires_at: new Date(Date.now() + 5 * 60_000).toISOString(),
    });
    expect(data.token).toBeUndefined();
    expect(data.user).toBeUndefined();
    // The challenge is no bearer token.
    expect((await call(ctx, 'GET', '/users/me', bearer(data.challenge))).statusCode).toBe(401);

    const wrong = await call(
      ctx,
      'POST',
      '/users/login/two-factor',
      {},
      { challenge: data.challenge, code: '000000' === totpCodeAt(secret, Date.now()) ? '111111' : '000000' },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: twoFactorMessages.codeWrong, errors: { code: twoFactorMessages.codeWrong } });

    const ok = await call(
      ctx,
      'POST',
      '/users/login/two-factor',
      {},
      { challenge: data.challenge, code: totpCodeAt(secret, Date.now()) },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user.email).toBe(admin.email);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect((await call(ctx, 'GET', '/users/me', bearer(ok.json().data.token))).statusCode).toBe(200);

    // A challenge is single-use.
    vi.setSystemTime(t0 + 3 * step);
    const reused = await call(
      ctx,
      'POST',
      '/users/login/two-factor',
      {},
      { challenge: data.challenge, code: totpCodeAt(secret, Date.now()) },
    );
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: TWO_FACTOR_CHALLENGE_EXPIRED, message: twoFactorMessages.challengeExpired });
  });

  it('accepts one step of clock drift either way, not two, and refuses a code used within its window', async () => {
    const partner = await createPartner(ctx.db);
    const { secret } = await enrol(ctx, await signInWithoutTwoFactor(ctx, partner));
    const now = t0 + 10 * step;
    vi.setSystemTime(now);
    const tryCode = async (code: string) =>
      call(ctx, 'POST', '/users/login/two-factor', {}, { challenge: await challengeFor(ctx, partner), code });

    const twoBehind = await tryCode(totpCodeAt(secret, now - 2 * step));
    expect(twoBehind.statusCode).toBe(401);
    expect(twoBehind.json().message).toBe(twoFactorMessages.codeWrong);
    expect((await tryCode(totpCodeAt(secret, now - step))).statusCode).toBe(200);
    // The same code again, still inside its window: refused.
    const replay = await tryCode(totpCodeAt(secret, now - step));
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      message: twoFactorMessages.codeReused,
      errors: { code: twoFactorMessages.codeReused },
    });
    expect((await tryCode(totpCodeAt(secret, now + 2 * step))).statusCode).toBe(401);
    expect((await tryCode(totpCodeAt(secret, now + step))).statusCode).toBe(200);
    // The phone ahead by a step used its code: the current one is now older, and refused too.
    expect((await tryCode(totpCodeAt(secret, now))).json().message).toBe(twoFactorMessages.codeReused);
  });

  it('lets each recovery code in once, ends other sessions and records it', async () => {
    const partner = await createPartner(ctx.db);
    const { recoveryCodes } = await enrol(ctx, await signInWithoutTwoFactor(ctx, partner));
    const [first, second] = recoveryCodes as [string, string];
    const other = await call(
      ctx,
      'POST',
      '/users/login/two-factor',
      {},
      { challenge: await challengeFor(ctx, partner), recovery_code: second },
    );
    expect(other.statusCode).toBe(200);
    const otherSession = bearer(other.json().data.token);

    // Upper case and without the dash, as someone might type it from paper.
    const ok = await call(
      ctx,
      'POST',
      '/users/login/two-factor',
      {},
      { challenge: await challengeFor(ctx, partner), recovery_code: first.replace('-', '').toUpperCase() },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(twoFactorMessages.recoveryUsed);
    expect((await call(ctx, 'GET', '/users/me', bearer(ok.json().data.token))).statusCode).toBe(200);
    expect((await call(ctx, 'GET', '/users/me', otherSession)).statusCode).toBe(401);

    const again = await call(
      ctx,
      'POST',
      '/users/login/two-factor',
      {},
      { challenge: await challengeFor(ctx, partner), recovery_code: first },
    );
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ errors: { recovery_code: twoFactorMessages.recoveryCodeWrong } });

    const status = await call(ctx, 'GET', '/users/two-factor', bearer(ok.json().data.token));
    expect(status.json().data.recovery_codes_remaining).toBe(8);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'two_factor.recovery_use'), eq(auditLog.targetId, String(partner.id))));
    expect(audit).toHaveLength(2);
  });

  it('refuses an expired challenge, and a challenge after five wrong codes', async () => {
    const partner = await createPartner(ctx.db);
    const { secret } = await enrol(ctx, await signInWithoutTwoFactor(ctx, partner));
    vi.setSystemTime(t0 + 4 * step);
    const challenge = await challengeFor(ctx, partner);
    vi.setSystemTime(t0 + 4 * step + twoFactorConstants.challengeTtlMs + 1000);
    const late = await call(ctx, 'POST', '/users/login/two-factor', {}, { challenge, code: totpCodeAt(secret, Date.now()) });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe(TWO_FACTOR_CHALLENGE_EXPIRED);

    const fresh = await challengeFor(ctx, partner);
    const right = totpCodeAt(secret, Date.now());
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < twoFactorConstants.challengeMaxFailures; i++) {
      expect((await call(ctx, 'POST', '/users/login/two-factor', {}, { challenge: fresh, code: wrong })).statusCode).toBe(401);
    }
    const dead = await call(ctx, 'POST', '/users/login/two-factor', {}, { challenge: fresh, code: right });
    expect(dead.statusCode).toBe(401);
    expect(dead.json().code).toBe(TWO_FACTOR_CHALLENGE_EXPIRED);
  });

  it('answers bad input with field messages', async () => {
    const neither = await call(ctx, 'POST', '/users/login/two-factor', {}, { challenge: 'x' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors).toEqual({ code: twoFactorMessages.oneFactorOnly });
    const both = await call(
      ctx,
      'POST',
      '/users/login/two-factor',
      {},
      { challenge: 'x', code: '123456', recovery_code: 'abcde-fghij' },
    );
    expect(both.statusCode).toBe(400);
    const unknown = await call(ctx, 'POST', '/users/login/two-factor', {}, { challenge: 'not-a-challenge', code: '123456' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe(TWO_FACTOR_CHALLENGE_EXPIRED);
  });
});

describe('recovery codes and turning two-factor off', () => {
  it('regenerates the codes for a current code; the old ones stop working', async () => {
    const partner = await createPartner(ctx.db);
    const auth = await signInWithoutTwoFactor(ctx, partner);
    const { secret, recoveryCodes } = await enrol(ctx, auth);
    vi.setSystemTime(t0 + step);
    const res = await call(ctx, 'POST', '/users/two-factor/recovery-codes', auth, { code: totpCodeAt(secret, Date.now()) });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(twoFactorMessages.recoveryCodesRegenerated);
    const fresh = res.json().data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    const old = await call(
      ctx,
      'POST',
      '/users/login/two-factor',
      {},
      { challenge: await challengeFor(ctx, partner), recovery_code: recoveryCodes[0] },
    );
    expect(old.statusCode).toBe(401);
    const now = await call(
      ctx,
      'POST',
      '/users/login/two-factor',
      {},
      { challenge: await challengeFor(ctx, partner), recovery_code: fresh[0] },
    );
    expect(now.statusCode).toBe(200);
  });

  it('turns off with the password and a code, ends other sessions, records it, and sign-in is one step again', async () => {
    const admin = await createAdmin(ctx.db);
    const auth = await signInWithoutTwoFactor(ctx, admin);
    const { secret } = await enrol(ctx, auth);
    vi.setSystemTime(t0 + step);
    const other = await call(
      ctx,
      'POST',
      '/users/login/two-factor',
      {},
      { challenge: await challengeFor(ctx, admin), code: totpCodeAt(secret, Date.now()) },
    );
    const otherSession = bearer(other.json().data.token);
    vi.setSystemTime(t0 + 2 * step);

    const wrongPassword = await call(ctx, 'POST', '/users/two-factor/disable', auth, {
      password: 'not-it',
      code: totpCodeAt(secret, Date.now()),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors).toEqual({ password: messages.account.currentPasswordWrong });
    const noCode = await call(ctx, 'POST', '/users/two-factor/disable', auth, { password: admin.password });
    expect(noCode.statusCode).toBe(400);

    const off = await call(ctx, 'POST', '/users/two-factor/disable', auth, {
      password: admin.password,
      code: totpCodeAt(secret, Date.now()),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe(twoFactorMessages.disabled);
    expect((await call(ctx, 'GET', '/users/me', otherSession)).statusCode).toBe(401);
    expect((await call(ctx, 'GET', '/users/me', auth)).statusCode).toBe(200);
    expect(await ctx.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, admin.id))).toHaveLength(0);
    expect((await passwordStep(ctx, admin)).json().data.token).toEqual(expect.any(String));
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'two_factor.disable'), eq(auditLog.targetId, String(admin.id))));
    expect(audit).toHaveLength(1);
  });
});

describe('Admin Two-Factor = required', () => {
  afterEach(async () => {
    await ctx.db.delete(settings).where(eq(settings.key, settingKeys.adminTwoFactor));
  });

  it('refuses every admin route to an admin without two-factor until they enrol; partners are not affected', async () => {
    const admin = await createAdmin(ctx.db);
    const partner = await createPartner(ctx.db);
    const auth = await signInWithoutTwoFactor(ctx, admin);
    const partnerAuth = await signInWithoutTwoFactor(ctx, partner);
    expect((await call(ctx, 'GET', '/admin/settings', auth)).statusCode).toBe(200);

    await ctx.db.insert(settings).values({ key: settingKeys.adminTwoFactor, value: 'required' });
    for (const url of ['/admin/settings', '/admin/users', '/admin/audit']) {
      const refused = await call(ctx, 'GET', url, auth);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        status: 'error',
        message: twoFactorMessages.setupRequired,
        code: TWO_FACTOR_SETUP_REQUIRED,
      });
    }
    expect((await call(ctx, 'GET', '/users/me', auth)).statusCode).toBe(200);
    expect((await call(ctx, 'GET', '/users/two-factor', auth)).json().data.setup_required).toBe(true);
    expect((await call(ctx, 'GET', '/users/two-factor', partnerAuth)).json().data.setup_required).toBe(false);
    expect((await call(ctx, 'GET', '/dashboard', partnerAuth)).statusCode).not.toBe(403);

    await enrol(ctx, auth);
    expect((await call(ctx, 'GET', '/admin/settings', auth)).statusCode).toBe(200);
    expect((await call(ctx, 'GET', '/users/two-factor', auth)).json().data.setup_required).toBe(false);
  });

  it('is a known setting: only optional or required', async () => {
    const admin = await createAdmin(ctx.db);
    const auth = await signInWithoutTwoFactor(ctx, admin);
    const bad = await call(ctx, 'POST', '/admin/settings', auth, { key: settingKeys.adminTwoFactor, value: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ value: 'Admin Two-Factor must be optional or required' });
  });
});

describe('throttling the code step', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ RATE_LIMITS: 'on' });
  });
  afterAll(() => limited.close());

  it('locks the account for this address after five wrong codes, even for the right code, and says how long', async () => {
    const partner = await createPartner(limited.db);
    const auth = await signInWithoutTwoFactor(limited, partner);
    const { secret } = await enrol(limited, auth);
    vi.setSystemTime(t0 + step);
    const right = totpCodeAt(secret, Date.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const challenge = await challengeFor(limited, partner);
    for (let i = 0; i < 5; i++) {
      expect((await call(limited, 'POST', '/users/login/two-factor', {}, { challenge, code: wrong })).statusCode).toBe(401);
    }
    const locked = await call(
      limited,
      'POST',
      '/users/login/two-factor',
      {},
      { challenge: await challengeFor(limited, partner), code: right },
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many attempts. Try again in 15 minutes.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The lock counts codes, not passwords: the password step still answers.
    expect((await passwordStep(limited, partner)).statusCode).toBe(200);
    // Signed-in code checks share the lock.
    expect((await call(limited, 'POST', '/users/two-factor/recovery-codes', auth, { code: right })).statusCode).toBe(429);
  });
});
