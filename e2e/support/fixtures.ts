import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from './constants';

export { expect };

export const uniqueEmail = (prefix = 'partner') => `${prefix}-${randomBytes(5).toString('hex')}@e2e.test`;

export interface Account {
  email: string;
  password: string;
  fullName: string;
  token: string;
  user: { uuid: string; role: 'user' | 'admin'; full_name: string; email: string };
}

/** Registers a partner through the real API. */
export async function registerPartner(request: APIRequestContext, overrides: Partial<{ fullName: string; email: string; password: string }> = {}): Promise<Account> {
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
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
}

export const test = base.extend<{ admin: typeof ADMIN }>({
  // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  admin: async ({}, use) => use(ADMIN),
});
