import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@portal/contract';
import { createTestContext, type TestContext } from '../../../test/context';
import { createPartner, DEFAULT_PASSWORD } from '../../../test/factories';
import { settleBackgroundTasks } from './background-tasks';
import { authRateLimits } from './rate-limits';

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

const tooMany = { status: 'error', message: messages.http.tooManyRequests };

describe('rate limits', () => {
  it('answers 429 with the JSON envelope past the login limit per IP', async () => {
    const ip = freshIp();
    const { max } = authRateLimits.loginPerIp;
    const statuses = await callTimes(max, '/login', (i) => ({ email: `ip-${i}@example.com`, password: 'wrong-password' }), ip);
    expect(statuses).toEqual(Array(max).fill(401));

    const res = await call('/login', { email: 'another@example.com', password: 'wrong-password' }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual(tooMany);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);

    expect((await call('/login', { email: 'another@example.com', password: 'wrong-password' }, freshIp())).statusCode).toBe(401);
  });

  it('throttles login per email, however the email is typed, even for the right password', async () => {
    const partner = await createPartner(ctx.db, { email: 'target@example.com' });
    const { max } = authRateLimits.loginPerEmail;
    const spellings = ['target@example.com', ' TARGET@example.com', 'Target@Example.com '];
    const statuses = await callTimes(
      max,
      '/login',
      (i) => ({ email: spellings[i % spellings.length], password: 'wrong-password' }),
      freshIp(),
    );
    expect(statuses).toEqual(Array(max).fill(401));

    const res = await call('/login', { email: partner.email, password: DEFAULT_PASSWORD }, freshIp());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(tooMany);
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

  it('throttles forgot-password per email and per IP', async () => {
    const perEmail = authRateLimits.forgotPasswordPerEmail.max;
    const emailStatuses = await callTimes(perEmail + 1, '/forgot-password', () => ({ email: 'someone@example.com' }), freshIp());
    expect(emailStatuses).toEqual([...Array(perEmail).fill(200), 429]);

    const ip = freshIp();
    const perIp = authRateLimits.forgotPasswordPerIp.max;
    const ipStatuses = await callTimes(perIp + 1, '/forgot-password', (i) => ({ email: `many-${i}@example.com` }), ip);
    expect(ipStatuses).toEqual([...Array(perIp).fill(200), 429]);
  });

  it('throttles registration per IP', async () => {
    const ip = freshIp();
    const { max } = authRateLimits.registerPerIp;
    // Invalid payloads are refused before any account is made, yet still count against the IP.
    const statuses = await callTimes(max + 1, '/register', () => ({ email: 'x' }), ip);
    expect(statuses).toEqual([...Array(max).fill(400), 429]);
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
