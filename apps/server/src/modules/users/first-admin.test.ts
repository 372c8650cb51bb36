import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db';
import { users } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { openTestDatabase } from '../../../test/context';
import { ensureFirstAdmin } from './first-admin';

const log = pino({ level: 'silent' });
let handle: DatabaseHandle;
beforeEach(async () => {
  handle = await openTestDatabase();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await handle.close();
});

describe('ensureFirstAdmin', () => {
  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD on an empty database', async () => {
    await ensureFirstAdmin(handle.db, loadConfig({ ADMIN_EMAIL: 'Owner@Example.com', ADMIN_PASSWORD: 'a-long-password' }), log);
    const [admin] = await handle.db.select().from(users);
    expect(admin?.email).toBe('owner@example.com');
    expect(admin?.role).toBe('admin');
    expect(await verifyPassword(admin!.passwordHash, 'a-long-password')).toBe(true);
  });

  it('prints a generated strong password once when none is configured', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    await ensureFirstAdmin(handle.db, loadConfig({}), log);
    const printed = write.mock.calls.map((c) => String(c[0])).join('');
    const password = /Password: (\S+)/.exec(printed)?.[1];
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(20);
    expect(printed).toContain('http://localhost:3000/login');
    const [admin] = await handle.db.select().from(users).where(eq(users.role, 'admin'));
    expect(await verifyPassword(admin!.passwordHash, password!)).toBe(true);
  });

  it('never touches a database that already has users', async () => {
    const config = loadConfig({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'first-password' });
    await ensureFirstAdmin(handle.db, config, log);
    await ensureFirstAdmin(handle.db, { ...config, ADMIN_PASSWORD: 'second-password' }, log);
    const rows = await handle.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(await verifyPassword(rows[0]!.passwordHash, 'first-password')).toBe(true);
  });
});
