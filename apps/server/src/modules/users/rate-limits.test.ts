import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@portal/contract';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createPartner, DEFAULT_PASSWORD, loginAs } from '../../../test/factories';
import { settleBackgroundTasks } from './background-tasks';
import { authRateLimits, loginFailureLimits, resetMailIntervalMs } from './rate-limits';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMITS: 'on' });
});
afterAll(() => ctx.close());
afterEach(async () => {
  vi.useRealTimers();
  await settleBackgroundTasks();
});

let ipCounter = 0;
/** Each test calls from its own address, so the per-IP windows of one test never leak into another. */
const freshIp = () => `10.0.0.${++ipCounter}`;

const call = (url: string, payload: object, ip: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/users${url}`, payload, remoteAddress: ip });

async function callTimes(times: number, url: string, payload: (i: number) => object, ip: string) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i += 1) statuses.push((await call(url, payload(i), ip)).statusCode);
  return statuses;
}

const tooMany = (wait: string) => ({ status: 'error', message: `Too many attempts. Try again in ${wait}.` });
const login = (email: string, password: string, ip: string) => call('/login', { email, password }, ip);
const statusesOf = async (calls: Array<() => Promise<{ statusCode: number }>>) => {
  const statuses: number[] = [];
  for (const run of calls) statuses.push((await run()).statusCode);
  return statuses;
};
const times = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));

describe('rate limits', () => {
  it('answers 429 with the JSON envelope past the login limit per IP, saying how long to wait', async () => {
    const ip = freshIp();
    const { max } = authRateLimits.loginPerIp;
    const statuses = await callTimes(max, '/login', (i) => ({ email: `ip-${i}@example.com`, password: 'wrong-password' }), ip);
    expect(statuses).toEqual(Array(max).fill(401));

    const res = await call('/login', { email: 'another@example.com', password: 'wrong-password' }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toContain('application/json');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(res.json()).toEqual({ status: 'error', message: messages.http.tooManyAttempts(retryAfter * 1000) });

    expect((await call('/login', { email: 'another@example.com', password: 'wrong-password' }, freshIp())).statusCode).toBe(401);
  });

  it('lets a throttled login recover once its window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ip = freshIp();
    const { max, timeWindowMs } = authRateLimits.loginPerIp;
    await callTimes(max, '/login', (i) => ({ email: `recover-${i}@example.com`, password: 'wrong-password' }), ip);
    expect((await call('/login', { email: 'recover@example.com', password: 'wrong-password' }, ip)).statusCode).toBe(429);

    vi.setSystemTime(Date.now() + timeWindowMs + 1);
    expect((await call('/login', { email: 'recover@example.com', password: 'wrong-password' }, ip)).statusCode).toBe(401);
  });

  it('throttles registration per IP', async () => {
    const ip = freshIp();
    const { max } = authRateLimits.registerPerIp;
    // Invalid payloads are refused before any account is made, yet still count against the IP.
    const statuses = await callTimes(max + 1, '/register', () => ({ email: 'x' }), ip);
    expect(statuses).toEqual([...Array(max).fill(400), 429]);
  });
});

describe('failed logins', () => {
  const { perAccountAndIp, perAccount } = loginFailureLimits;

  it('lock a stranger out of an account while its owner still gets in from their own address', async () => {
    const owner = await createPartner(ctx.db);
    const stranger = freshIp();
    const spellings = [owner.email, ` ${owner.email.toUpperCase()}`, `${owner.email} `];
    const failures = await statusesOf(
      times(perAccountAndIp.max, (i) => () => login(spellings[i % 3]!, 'wrong-password', stranger)),
    );
    expect(failures).toEqual(Array(perAccountAndIp.max).fill(401));

    // Locked for this pair, even with the right password, and told for how long.
    const locked = await login(owner.email, DEFAULT_PASSWORD, stranger);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(tooMany('15 minutes'));
    expect(locked.headers['retry-after']).toBe(String(perAccountAndIp.timeWindowMs / 1000));

    expect((await login(owner.email, DEFAULT_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('count only failures, and a success clears them', async () => {
    const owner = await createPartner(ctx.db);
    const ip = freshIp();
    expect(await statusesOf(times(perAccountAndIp.max + 1, () => () => login(owner.email, DEFAULT_PASSWORD, freshIp())))).toEqual(
      Array(perAccountAndIp.max + 1).fill(200),
    );

    const almost = perAccountAndIp.max - 1;
    const wrong = () => login(owner.email, 'wrong-password', ip);
    expect(await statusesOf(times(almost, () => wrong))).toEqual(Array(almost).fill(401));
    expect((await login(owner.email, DEFAULT_PASSWORD, ip)).statusCode).toBe(200);
    expect(await statusesOf(times(almost, () => wrong))).toEqual(Array(almost).fill(401));
    expect((await login(owner.email, DEFAULT_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('lock the account everywhere after 100 consecutive failures, then recover once the window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const owner = await createPartner(ctx.db);
    // 99 failures from many addresses, as counted by the store, then the 100th through the API.
    for (let i = 0; i < perAccount.max - 1; i += 1) {
      await ctx.app.counters.increment(`login-failures:${owner.email}`, perAccount.timeWindowMs, { refreshTtl: true });
    }
    expect((await login(owner.email, 'wrong-password', freshIp())).statusCode).toBe(401);

    const locked = await login(owner.email, DEFAULT_PASSWORD, freshIp());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(tooMany('24 hours'));

    vi.setSystemTime(Date.now() + perAccount.timeWindowMs + 1);
    expect((await login(owner.email, DEFAULT_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('leave a pair locked out until 15 minutes after its last failure', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const owner = await createPartner(ctx.db);
    const ip = freshIp();
    await statusesOf(times(perAccountAndIp.max, () => () => login(owner.email, 'wrong-password', ip)));
    vi.setSystemTime(Date.now() + perAccountAndIp.timeWindowMs - 60_000);
    expect((await login(owner.email, DEFAULT_PASSWORD, ip)).json()).toEqual(tooMany('1 minute'));
    vi.setSystemTime(Date.now() + 60_001);
    expect((await login(owner.email, DEFAULT_PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe('checks of the current password', () => {
  const { max } = loginFailureLimits.perAccountAndIp;
  const signedInCall = (url: string, token: string, payload: object, ip: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/users${url}`, payload, remoteAddress: ip, headers: bearer(token) });
  const newPassword = 'a-brand-new-passphrase-7';
  const checks = {
    'change-password': (token: string, password: string, ip: string) =>
      signedInCall(
        '/change-password',
        token,
        { current_password: password, new_password: newPassword, confirm_new_password: newPassword },
        ip,
      ),
    'two-factor setup': (token: string, password: string, ip: string) =>
      signedInCall('/two-factor/setup', token, { password }, ip),
    'two-factor disable': (token: string, password: string, ip: string) =>
      signedInCall('/two-factor/disable', token, { password, code: '123456' }, ip),
  };

  it.each(Object.entries(checks))(
    'lock %s like sign-in: the 6th wrong password answers 429 with the wait',
    async (_name, check) => {
      const partner = await createPartner(ctx.db);
      const token = await loginAs(ctx.app, partner);
      const ip = freshIp();
      expect(await statusesOf(times(max, () => () => check(token, 'not-my-password', ip)))).toEqual(Array(max).fill(400));
      const locked = await check(token, 'not-my-password', ip);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual(tooMany('15 minutes'));
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      // Locked means locked, for the right password too, and for sign-in from the same address.
      expect((await check(token, DEFAULT_PASSWORD, ip)).statusCode).toBe(429);
      expect((await login(partner.email, DEFAULT_PASSWORD, ip)).statusCode).toBe(429);
    },
  );

  it('share one count with sign-in', async () => {
    const partner = await createPartner(ctx.db);
    const token = await loginAs(ctx.app, partner);
    const ip = freshIp();
    expect(await statusesOf(times(3, () => () => login(partner.email, 'not-my-password', ip)))).toEqual([401, 401, 401]);
    expect(await statusesOf(times(2, () => () => checks['change-password'](token, 'not-my-password', ip)))).toEqual([400, 400]);
    expect((await checks['two-factor disable'](token, 'not-my-password', ip)).statusCode).toBe(429);
  });
});

describe('forgot-password', () => {
  it('throttles callers per IP', async () => {
    const ip = freshIp();
    const perIp = authRateLimits.forgotPasswordPerIp.max;
    const ipStatuses = await callTimes(perIp + 1, '/forgot-password', (i) => ({ email: `many-${i}@example.com` }), ip);
    expect(ipStatuses).toEqual([...Array(perIp).fill(200), 429]);
  });

  it('never keeps the owner from a reset mail: repeats within the interval send nothing, then one goes out again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const owner = await createPartner(ctx.db);
    const sentToOwner = () => ctx.mailer.sent.filter((m) => m.to === owner.email).length;

    const strangers = await callTimes(8, '/forgot-password', () => ({ email: owner.email.toUpperCase() }), freshIp());
    expect(strangers).toEqual(Array(8).fill(200));
    await settleBackgroundTasks();
    expect(sentToOwner()).toBe(1);

    vi.setSystemTime(Date.now() + resetMailIntervalMs + 1);
    const res = await call('/forgot-password', { email: owner.email }, freshIp());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: messages.forgotPassword.sentBody });
    await settleBackgroundTasks();
    expect(sentToOwner()).toBe(2);
  });
});

describe('with RATE_LIMITS=off', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestContext({ RATE_LIMITS: 'off' });
  });
  afterAll(() => off.close());

  it('never throttles', async () => {
    for (let i = 0; i < authRateLimits.loginPerIp.max + 2; i += 1) {
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: 'same@example.com', password: 'wrong-password' },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe.each([
  { TRUST_PROXY: '1', proxy: '10.0.0.2' },
  { TRUST_PROXY: '10.0.0.0/8', proxy: '10.0.0.2' },
])('behind a proxy (TRUST_PROXY=$TRUST_PROXY)', ({ TRUST_PROXY, proxy }) => {
  let behind: TestContext;
  beforeAll(async () => {
    behind = await createTestContext({ RATE_LIMITS: 'on', TRUST_PROXY });
  });
  afterAll(() => behind.close());

  let attempt = 0;
  const loginVia = (remoteAddress: string, forwardedFor: string) =>
    behind.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      // A new account each time, so only the per-IP request limit can answer 429.
      payload: { email: `nobody-${++attempt}@example.com`, password: 'wrong-password' },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('counts the address the proxy saw, whatever a client forges on the left of X-Forwarded-For', async () => {
    const { max } = authRateLimits.loginPerIp;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i += 1) statuses.push((await loginVia(proxy, `198.51.100.${i + 1}, 203.0.113.50`)).statusCode);
    expect(statuses).toEqual([...Array(max).fill(401), 429]);

    // Another client behind the same proxy has its own allowance.
    expect((await loginVia(proxy, '203.0.113.51')).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    if (TRUST_PROXY === '1') return; // a hop count trusts whoever connects: the proxy must be the only way in
    const { max } = authRateLimits.loginPerIp;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i += 1) statuses.push((await loginVia('192.0.2.7', `198.51.100.${i + 1}`)).statusCode);
    expect(statuses).toEqual([...Array(max).fill(401), 429]);
  });
});
