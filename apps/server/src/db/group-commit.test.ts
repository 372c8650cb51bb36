import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './index';
import { openTestDatabase } from '../../test/context';
import { runCommitted } from './group-commit';

/**
 * runCommitted on this project's database (PGlite, or PostgreSQL with TEST_DB=postgres): each
 * statement answers its own rows once committed; on PGlite the statements sent while a commit is in
 * flight commit together, and one that fails takes nobody else with it.
 */
describe('runCommitted', () => {
  let handle: DatabaseHandle;
  // A table of its own, with a statement that fails for one value: 'x' is no integer.
  const insert = (n: number | string) =>
    sql`insert into grouped_probe (n, note) values (${n}::int, ${`it's ${n}`}) returning n, note`;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.execute(sql`create table grouped_probe (n int primary key, note text not null)`);
  });
  afterAll(() => handle.close());

  it('stores the statements sent together, each answered with its own rows, values passed as parameters', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => runCommitted(handle.db, insert(100 + i))));
    expect(results.map((rows) => rows.map((r) => r.n))).toEqual(Array.from({ length: 12 }, (_, i) => [100 + i]));
    // A quote in a value is data, not SQL.
    expect(results[0]![0]).toMatchObject({ note: "it's 100" });
    const stored = await handle.db.execute<{ n: number }>(sql`select n from grouped_probe where n >= 100 order by n`);
    expect(stored.rows.map((r) => r.n)).toEqual(Array.from({ length: 12 }, (_, i) => 100 + i));
  });

  it('answers the one statement that failed with its error, and stores the others', async () => {
    const settled = await Promise.allSettled([1, 2, 'x', 4, 5].map((n) => runCommitted(handle.db, insert(n))));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ code: '22P02' });
    const stored = await handle.db.execute<{ n: number }>(sql`select n from grouped_probe where n < 100 order by n`);
    expect(stored.rows.map((r) => r.n)).toEqual([1, 2, 4, 5]);
  });

  it('answers a lone statement on its own, and again after a group', async () => {
    expect((await runCommitted(handle.db, insert(200)))[0]).toMatchObject({ n: 200 });
    await Promise.all([201, 202, 203].map((n) => runCommitted(handle.db, insert(n))));
    expect((await runCommitted(handle.db, insert(204)))[0]).toMatchObject({ n: 204 });
    const stored = await handle.db.execute<{ n: number }>(sql`select n from grouped_probe where n >= 200 order by n`);
    expect(stored.rows.map((r) => r.n)).toEqual([200, 201, 202, 203, 204]);
  });
});
