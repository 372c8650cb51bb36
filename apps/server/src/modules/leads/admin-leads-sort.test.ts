import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineMessages } from '@portal/contract';
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
