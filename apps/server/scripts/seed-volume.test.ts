import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../test/context';
import { seedVolume } from './seed-volume';

/** seed:volume runs on PostgreSQL only (DATABASE_URL); small sizes here. */
describe.skipIf(process.env.TEST_DB !== 'postgres')('npm run seed:volume', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function database() {
    const created = await createPostgresTestDatabase();
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    cleanups.push(async () => {
      await client.end();
      await created.drop();
    });
    const count = async (table: string) =>
      (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
    return { url: created.url, client, count };
  }
  const quiet = { leads: 500, partners: 10, chunk: 200, log: () => {} };

  it('fills an empty database, and refuses one that has leads', async () => {
    const db = await database();
    await seedVolume(db.url, quiet);
    expect(await db.count('leads')).toBe(500);
    expect(await db.count(`users where email like '%@volume.example'`)).toBe(10);
    expect(await db.count('lead_events')).toBeGreaterThanOrEqual(500);
    await expect(seedVolume(db.url, quiet)).rejects.toThrow('the database already has 500 leads');
    expect(await db.count('leads')).toBe(500);
  });

  it('writes nothing when it fails half-way', async () => {
    const db = await database();
    // The events come after the partners and the leads: failing there leaves them written, unless one transaction.
    await db.client.query(`
      create function fail_events() returns trigger language plpgsql as $$
      begin raise exception 'disk full (simulated)'; end $$`);
    await db.client.query(
      'create trigger fail_events before insert on lead_events for each statement execute function fail_events()',
    );
    await expect(seedVolume(db.url, quiet)).rejects.toMatchObject({ cause: { message: 'disk full (simulated)' } });
    expect(await db.count('users')).toBe(0);
    expect(await db.count('leads')).toBe(0);
    // The indexes it drops for the load are back.
    expect(await db.count(`pg_indexes where tablename = 'leads'`)).toBeGreaterThan(3);

    await db.client.query('drop trigger fail_events on lead_events');
    await seedVolume(db.url, quiet);
    expect(await db.count('leads')).toBe(500);
  });
});
