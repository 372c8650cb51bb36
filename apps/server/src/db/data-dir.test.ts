import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from './schema';
import { migrationsFolder, openDatabase } from '.';

/**
 * The embedded database on disk, as `npm start` opens it: a first start creates and migrates the
 * cluster in a process of its own (db/create-cluster.ts) and opens it; a later start finds everything in place.
 */
describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database in a data directory', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-data-dir-test-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const migrationCount = () =>
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')).entries.length as number;

  it('is created and migrated on a first start, and keeps its rows across a restart', async () => {
    const first = await openDatabase({ dataDir });
    await first.db.insert(users).values({ fullName: 'Kept Across Restarts', email: 'kept@example.com', passwordHash: 'x' });
    await first.close();

    const again = await openDatabase({ dataDir });
    try {
      const rows = await again.db.select({ email: users.email }).from(users);
      expect(rows).toEqual([{ email: 'kept@example.com' }]);
      const applied = await again.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied.rows[0]?.n).toBe(migrationCount());
    } finally {
      await again.close();
    }
  }, 120_000);
});
