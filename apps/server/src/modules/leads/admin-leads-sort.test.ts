import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLeadSortKeys, pipelineMessages, type AdminLeadSort } from '@portal/contract';
import { selectSortedRows } from './lead-queries';
import { createSession } from '../../lib/sessions';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createLead, createPartner } from '../../../test/factories';

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createAdmin(ctx.db, { fullName: 'Ada Admin' });
  adminToken = await createSession(ctx.db, admin.id);
  const zoe = await createPartner(ctx.db, { fullName: 'Zoe Last' });
  const abe = await createPartner(ctx.db, { fullName: 'abe first' });
  const at = (day: number) => new Date(Date.UTC(2026, 9, day, 12));
  await createLead(ctx.db, { company: 'bravo Bikes', status: 'contacted', partnerId: zoe.id, createdAt: at(1) });
  await createLead(ctx.db, { company: 'Alpha Apples', status: 'approved', partnerId: abe.id, createdAt: at(2) });
  await createLead(ctx.db, { company: 'Charlie Cafe', status: 'new', partnerId: null, createdAt: at(3) });
  await createLead(ctx.db, { company: 'Delta Deli', status: 'new', partnerId: zoe.id, createdAt: at(4) });
  await createLead(ctx.db, { company: 'Echo Eats', status: 'lost', partnerId: abe.id, createdAt: at(5) });
});
afterAll(() => ctx.close());

const list = (query: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/admin/leads?${query}`, headers: bearer(adminToken) });

/** Every business of the list in order, following the cursor page by page. */
async function allPages(query: string, limit = 2): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const { items, next_cursor } = res.json().data as { items: { business: string }[]; next_cursor: string | null };
    names.push(...items.map((item) => item.business));
    cursor = next_cursor;
  } while (cursor);
  return names;
}

describe('GET /admin/leads?sort=', () => {
  it('sorts by a column either way, case-insensitively, paging without gaps or repeats', async () => {
    const byName = ['Alpha Apples', 'bravo Bikes', 'Charlie Cafe', 'Delta Deli', 'Echo Eats'];
    expect(await allPages('sort=business')).toEqual(byName);
    expect(await allPages('sort=-business')).toEqual([...byName].reverse());
    const bySubmission = ['bravo Bikes', 'Alpha Apples', 'Charlie Cafe', 'Delta Deli', 'Echo Eats'];
    expect(await allPages('sort=submitted')).toEqual(bySubmission);
    expect(await allPages('sort=-submitted')).toEqual([...bySubmission].reverse());
  });

  it('sorts a status by its place in the pipeline and a missing partner first, ties by id', async () => {
    expect(await allPages('sort=status', 25)).toEqual(['Charlie Cafe', 'Delta Deli', 'bravo Bikes', 'Alpha Apples', 'Echo Eats']);
    expect(await allPages('sort=partner', 1)).toEqual(['Charlie Cafe', 'Alpha Apples', 'Echo Eats', 'bravo Bikes', 'Delta Deli']);
  });

  it('keeps the filters under a sort', async () => {
    expect(await allPages('sort=-business&status=new')).toEqual(['Delta Deli', 'Charlie Cafe']);
    expect(await allPages('sort=business&q=e')).toEqual([
      'Alpha Apples',
      'bravo Bikes',
      'Charlie Cafe',
      'Delta Deli',
      'Echo Eats',
    ]);
  });

  it('answers 400 with the field message for a column it does not sort by, or a cursor of another sort', async () => {
    const bad = await list('sort=password');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.sort).toBe(pipelineMessages.invalidSort);
    expect(pipelineMessages.invalidSort).toContain('business');

    const first = (await list('sort=business&limit=1')).json().data.next_cursor as string;
    const mixed = await list(`sort=-status&limit=1&cursor=${first}`);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors.cursor).toBe(pipelineMessages.invalidCursor);
  });
});

describe('GET /admin/leads/export.csv?sort=', () => {
  it('exports in the order of the table, either way, with its filters', async () => {
    const exported = async (query: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/leads/export.csv?${query}`,
        headers: bearer(adminToken),
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows: Record<string, string>[] = parse(res.body, { bom: true, columns: true });
      return rows.map((row) => row.Business);
    };
    const byName = ['Alpha Apples', 'bravo Bikes', 'Charlie Cafe', 'Delta Deli', 'Echo Eats'];
    expect(await exported('sort=business')).toEqual(byName);
    expect(await exported('sort=-business')).toEqual([...byName].reverse());
    expect(await exported('sort=status')).toEqual(await allPages('sort=status', 25));
    expect(await exported('sort=-business&status=new')).toEqual(['Delta Deli', 'Charlie Cafe']);
    // No sort: newest first, as before.
    expect(await exported('')).toEqual(['Echo Eats', 'Delta Deli', 'Charlie Cafe', 'Alpha Apples', 'bravo Bikes']);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/leads/export.csv?sort=password',
      headers: bearer(adminToken),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.sort).toBe(pipelineMessages.invalidSort);
  });
});

describe('the sorts of /admin/leads at a million leads', () => {
  /**
   * The plan PostgreSQL makes for a page of each sort, with sorting priced out (enable_sort off): an
   * index that matches the ORDER BY gives an index scan under the LIMIT; without one, the plan still
   * sorts every lead (a Sort node), whatever the table's size.
   */
  const planOf = (sort: AdminLeadSort, cursor?: string) =>
    ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain (costs off) ${selectSortedRows(tx, [], sort, cursor, 26)}`);
      return (result.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
    });
  // The sorts by a column of the lead itself; partner and owner sort by another table's name (see the report).
  const leadColumns = adminLeadSortKeys.filter((key) => key !== 'partner' && key !== 'owner' && key !== 'submitted');

  it.each(leadColumns)(
    'pages "%s" either way, and after a cursor, off an index with a LIMIT, never sorting the table',
    async (key) => {
      for (const sort of [key, `-${key}`] as AdminLeadSort[]) {
        const cursor = (await list(`sort=${sort}&limit=1`)).json().data.next_cursor as string;
        for (const plan of [await planOf(sort), await planOf(sort, cursor)]) {
          expect(plan, plan).toMatch(/^Limit/);
          expect(plan, plan).toMatch(new RegExp(`Index Scan(?: Backward)? using leads_sort_${key}_idx`));
          expect(plan, plan).not.toMatch(/Sort/);
        }
      }
    },
  );
});
