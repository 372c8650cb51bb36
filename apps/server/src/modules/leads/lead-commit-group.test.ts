import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db';
import { leads } from '../../db/schema';
import { openTestDatabase } from '../../../test/context';
import { prepareLeadStatement, runLeadStatement } from './lead-commit-group';

describe('prepareLeadStatement', () => {
  const build = () =>
    prepareLeadStatement(
      sql`insert into ${leads} (email, created_at, estimate, source) values (${sql.placeholder('email')}, ${sql.param(
        sql.placeholder('at'),
        leads.createdAt,
      )}, ${sql.param(sql.placeholder('estimate'), leads.estimate)}, ${'landing_page'})`,
    );

  it('binds each run its own values, through the column encoders, keeping constants', () => {
    const statement = build();
    const at = new Date('2026-01-02T03:04:05.678Z');
    const first = statement.bind({ email: 'a@shop.example', at, estimate: { rate: 2.5 } });
    const second = statement.bind({ email: 'b@shop.example', at, estimate: null });
    expect(first.text).toBe('insert into "leads" (email, created_at, estimate, source) values ($1, $2, $3, $4)');
    expect(first.params).toEqual(['a@shop.example', '2026-01-02T03:04:05.678Z', '{"rate":2.5}', 'landing_page']);
    // A null estimate is SQL NULL, not the JSON literal null the encoder would make of it.
    expect(second.params).toEqual(['b@shop.example', '2026-01-02T03:04:05.678Z', null, 'landing_page']);
    expect(first.name).toBe(second.name);
    expect(first.name).toMatch(/^lead_insert_[0-9a-f]{20}$/);
  });

  it('refuses a run that lacks a value rather than sending a null in its place', () => {
    expect(() => build().bind({ email: 'a@shop.example', at: new Date() })).toThrow(/estimate/);
  });
});

/**
 * runLeadStatement on this project's database (PGlite, or PostgreSQL with TEST_DB=postgres): the
 * statements sent while a commit is in flight are committed together, and one that fails takes
 * nobody else with it.
 */
describe('runLeadStatement', () => {
  let handle: DatabaseHandle;
  // A table of its own, with a statement that fails for one value: 'x' is no integer.
  const statement = prepareLeadStatement(
    sql`insert into grouped_probe (n) values (${sql.placeholder('n')}::int) returning n, xmin::text as xmin`,
  );
  beforeAll(async () => {
    handle = await openTestDatabase();
    await handle.db.execute(sql`create table grouped_probe (n int primary key)`);
  });
  afterAll(() => handle.close());

  it('commits the statements sent together in one transaction, each answered with its own rows', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => runLeadStatement(handle.db, statement.bind({ n: 100 + i }))),
    );
    expect(results.map((rows) => rows.map((r) => r.n))).toEqual(Array.from({ length: 12 }, (_, i) => [100 + i]));
    const stored = await handle.db.execute<{ n: number }>(sql`select n from grouped_probe where n >= 100 order by n`);
    expect(stored.rows.map((r) => r.n)).toEqual(Array.from({ length: 12 }, (_, i) => 100 + i));
    // PostgreSQL: one transaction, one commit. (PGlite puts each behind a savepoint, a subtransaction of its own.)
    if (process.env.TEST_DB === 'postgres') expect(new Set(results.map((rows) => rows[0]!.xmin)).size).toBe(1);
  });

  it('answers the one statement that failed with its error, and stores the others', async () => {
    const values = [1, 2, 'x', 4, 5];
    const settled = await Promise.allSettled(values.map((n) => runLeadStatement(handle.db, statement.bind({ n }))));
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ code: '22P02' });
    const stored = await handle.db.execute<{ n: number }>(sql`select n from grouped_probe where n < 100 order by n`);
    expect(stored.rows.map((r) => r.n)).toEqual([1, 2, 4, 5]);
  });

  it('answers a lone statement on its own, and again after a group on the same connection', async () => {
    expect((await runLeadStatement(handle.db, statement.bind({ n: 200 })))[0]).toMatchObject({ n: 200 });
    await Promise.all([201, 202, 203].map((n) => runLeadStatement(handle.db, statement.bind({ n }))));
    expect((await runLeadStatement(handle.db, statement.bind({ n: 204 })))[0]).toMatchObject({ n: 204 });
    const stored = await handle.db.execute<{ n: number }>(sql`select n from grouped_probe where n >= 200 order by n`);
    expect(stored.rows.map((r) => r.n)).toEqual([200, 201, 202, 203, 204]);
  });
});
