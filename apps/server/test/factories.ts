import { randomBytes } from 'node:crypto';
import { users } from '../src/db/schema';
import type { Database } from '../src/db';
import { hashPassword } from '../src/lib/passwords';
import type { App } from '../src/app';

export const DEFAULT_PASSWORD = 'correct-horse-battery';

type NewUser = Partial<typeof users.$inferInsert> & { password?: string };

/** A partner (role user) with sensible defaults; any column can be overridden. */
export async function createPartner(db: Database, overrides: NewUser = {}) {
  const { password = DEFAULT_PASSWORD, ...columns } = overrides;
  const [row] = await db
    .insert(users)
    .values({
      fullName: 'Pat Partner',
      email: `partner-${randomBytes(4).toString('hex')}@example.com`,
      role: 'user',
      ...columns,
      passwordHash: await hashPassword(password),
    })
    .returning();
  return { ...row!, password };
}

export function createAdmin(db: Database, overrides: NewUser = {}) {
  return createPartner(db, { fullName: 'Ada Admin', role: 'admin', ...overrides });
}

/** Logs in through the real endpoint and returns the bearer token. */
export async function loginAs(app: App, user: { email: string; password: string }): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { email: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
