import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { composeLeadPayload } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { ADMIN } from './constants';
import { startFakeGraph, type FakeGraph } from './graph';
import { startPortal, type Portal } from './server';
import { startMailCatcher, type MailCatcher } from './smtp';

export { expect };

export const uniqueEmail = (prefix = 'partner') => `${prefix}-${randomBytes(5).toString('hex')}@e2e.test`;

export interface Account {
  email: string;
  password: string;
  fullName: string;
  token: string;
  user: { id: number; uuid: string; role: 'user' | 'admin'; full_name: string; email: string };
}

/** Registers a partner through the real API. */
export async function registerPartner(
  request: APIRequestContext,
  overrides: Partial<{ fullName: string; email: string; password: string }> = {},
): Promise<Account> {
  const fullName = overrides.fullName ?? 'Pat Partner';
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'partner-password-1';
  const res = await request.post('/api/v1/users/register', {
    data: { full_name: fullName, email, password, confirm_password: password },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { email, password, fullName, token: body.data.token, user: body.data.user };
}

export async function loginApi(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/v1/users/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token;
}

/** Signs in through the login screen, with real keystrokes and clicks. */
export async function loginViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await expect(pageHeading(page, 'Sign in')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
}

/**
 * Signs in without the login screen, for tests whose subject is another page: the session comes from
 * the real login API and is put where the app keeps it (spec §3: `token`, `user` and `auth-storage`)
 * before the app's first script runs, then the browser opens `path`. Written once per tab, so a test
 * that signs out stays signed out. The login screen itself is covered by auth.spec.ts.
 */
export async function signIn(page: Page, account: { email: string; password: string } | Account, path: string): Promise<void> {
  let token: string;
  let user: Account['user'];
  if ('token' in account) {
    // A registered account's own session, with the user as the server sees it now (a role may have changed).
    token = account.token;
    const res = await page.request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status(), await res.text()).toBe(200);
    user = (await res.json()).data.user as Account['user'];
  } else {
    const res = await page.request.post('/api/v1/users/login', { data: { email: account.email, password: account.password } });
    expect(res.status(), await res.text()).toBe(200);
    ({ token, user } = (await res.json()).data as { token: string; user: Account['user'] });
  }
  await page.context().addInitScript(
    ({ token, user }) => {
      if (sessionStorage.getItem('e2e-signed-in')) return;
      sessionStorage.setItem('e2e-signed-in', '1');
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('auth-storage', JSON.stringify({ state: { token, user }, version: 0 }));
    },
    { token, user },
  );
  await page.goto(path);
  // The first page a worker's browser opens loads the whole app cold: give that alone more time.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
}

/** Every page's main heading: wait for it, not for the URL, before acting on a page that loads lazily. */
export const pageHeading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 });

/** Waits until the page at `path` has rendered its heading (the URL alone changes before a lazy page shows). */
export async function expectPage(page: Page, path: RegExp, heading: string | RegExp): Promise<void> {
  await expect(pageHeading(page, heading)).toBeVisible();
  await expect(page).toHaveURL(path);
}

/**
 * A merchant of its own for a referral: its phone and email domain are shared with no other test's, so
 * referral integrity (issue 25) never takes it for a business another partner referred first.
 */
export function ownMerchant(businessName: string): { businessName: string; email: string; phoneNumber: string } {
  const own = randomBytes(5).toString('hex');
  return {
    businessName,
    email: `owner@${own}.example`,
    phoneNumber: `415${String(parseInt(own, 16) % 10_000_000).padStart(7, '0')}`,
  };
}

/** A referral the partner submits through the API, for a merchant of its own; answers the lead's public id. */
export async function submitReferral(request: APIRequestContext, partner: Account, business: string): Promise<string> {
  const form = buildReferralForm(ownMerchant(business));
  const res = await request.post('/api/v1/leads/referral/by-uuid', {
    headers: { Authorization: `Bearer ${partner.token}` },
    data: { ...composeLeadPayload(form, partner.user.uuid), website: '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return String((await res.json()).leadData.data[0].details.id);
}

/** The admin moves a new lead to Approved merchant with `mid`, through Contacted. */
export async function approveLead(request: APIRequestContext, leadId: string, mid: string): Promise<void> {
  const headers = { Authorization: `Bearer ${await loginApi(request, ADMIN.email, ADMIN.password)}` };
  for (const [from, to] of [
    ['new', 'contacted'],
    ['contacted', 'approved'],
  ] as const) {
    const moved = await request.post(`/api/v1/admin/leads/${leadId}/status`, {
      headers,
      data: { status: to, expected_status: from, ...(to === 'approved' ? { mid } : {}) },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

/** The phone width every screen must fit (spec: mobile layout); a flow runs once at desktop width. */
export const PHONE = { width: 390, height: 844 } as const;

/**
 * A screen's phone-width check, for flows a test walks once at desktop width: the page opens at 390 px,
 * shows its heading, and nothing on it is wider than the screen (no sideways scrolling).
 */
export async function expectFitsPhone(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.goto(path);
  await expect(pageHeading(page, heading)).toBeVisible();
  // What sticks out, named, so a failure says where to look.
  const overflowing = await page.evaluate((width) => {
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .map(
        (el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}: ${(el.textContent ?? '').trim().slice(0, 40)}`,
      )
      .slice(0, 5);
  }, PHONE.width);
  expect(overflowing, `wider than ${PHONE.width} px at ${path}`).toEqual([]);
}

/** Deletes every admin setting, so the page, the nav and the landing page show the defaults. */
export async function clearSettings(request: APIRequestContext): Promise<void> {
  const headers = { Authorization: `Bearer ${await loginApi(request, ADMIN.email, ADMIN.password)}` };
  const res = await request.get('/api/v1/admin/settings', { headers });
  expect(res.status(), await res.text()).toBe(200);
  const { data } = (await res.json()) as { data: { key: string }[] };
  for (const { key } of data) {
    const deleted = await request.delete(`/api/v1/admin/settings/${encodeURIComponent(key)}`, { headers });
    expect(deleted.status(), await deleted.text()).toBe(200);
  }
}

interface WorkerFixtures {
  /** A mail server that keeps every message the worker's portal sends. */
  mail: MailCatcher;
  /** A fake Graph API that keeps every server-side Lead event the worker's portal sends (capi-proposal.spec.ts). */
  graph: FakeGraph;
  /** The worker's own server on a fresh embedded database, shared by the tests this worker runs. */
  portal: Portal;
}

interface TestFixtures {
  admin: typeof ADMIN;
  /**
   * For a test that changes the admin settings (or needs their defaults): they start empty and are
   * emptied again afterwards, so the next test of the worker sees the defaults too.
   */
  freshSettings: void;
}

/**
 * One server per worker, not one per test: tests stay independent through unique emails, and the few
 * that change shared state (admin settings) clean up after themselves. Tests of one worker run one
 * after another, so they never see each other's settings.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  mail: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const catcher = await startMailCatcher();
      await use(catcher);
      await catcher.close();
    },
    { scope: 'worker' },
  ],
  // Every worker's portal has one, so the spec that reads the events shares the worker (and its server)
  // with the rest: a fixture of its own would make Playwright restart a worker, server and browser for it.
  graph: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const graph = await startFakeGraph();
      await use(graph);
      await graph.close();
    },
    { scope: 'worker' },
  ],
  portal: [
    async ({ mail, graph }, use) => {
      const portal = await startPortal({ SMTP_URL: mail.url, META_GRAPH_URL: graph.url });
      await use(portal);
      await portal.stop();
    },
    // A cold start on a busy 2-core machine can take a while; it is not part of any test's time.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.baseURL),
  // eslint-disable-next-line no-empty-pattern
  admin: async ({}, use) => use(ADMIN),
  freshSettings: async ({ playwright, portal }, use) => {
    const api = await playwright.request.newContext({ baseURL: portal.baseURL });
    await clearSettings(api);
    await use();
    await clearSettings(api);
    await api.dispose();
  },
});
