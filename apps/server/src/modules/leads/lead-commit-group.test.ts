import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { leads } from '../../db/schema';
import { prepareLeadStatement } from './lead-commit-group';

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
