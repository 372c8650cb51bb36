import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineMessages, type AdminLeadSummary } from '@portal/contract';
import { auditLog, leads, settings } from '../../db/schema';
import { createSession } from '../../lib/sessions';
import { createTestContext, zohoTestEnv, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createLead, createPartner } from '../../../test/factories';

// Issue 23 §4: an owner per lead, "my leads", the stale cue's setting and the CRM column's flag.

let ctx: TestContext;
let ada: Awaited<ReturnType<typeof createAdmin>>;
let ben: Awaited<ReturnType<typeof createAdmin>>;
let adaToken: string;
let benToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ada = await createAdmin(ctx.db, { fullName: 'Ada Admin' });
  ben = await createAdmin(ctx.db, { fullName: 'Ben Boss' });
  adaToken = await createSession(ctx.db, ada.id);
  benToken = await createSession(ctx.db, ben.id);
});
afterAll(() => ctx.close());

const base = '/api/v1/admin/leads';
const call = (method: 'GET' | 'POST', url: string, token = adaToken, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: bearer(token) });
const list = async (query: string, token = adaToken) => {
  const res = await call('GET', `${base}?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: AdminLeadSummary[]; stale_after_days: number; crm_configured: boolean };
};

describe('lead owner', () => {
  it('gives a lead to an admin, lists "my leads" for each admin, and records the change', async () => {
    const mine = await createLead(ctx.db, { company: 'Owned By Ada' });
    const bens = await createLead(ctx.db, { company: 'Owned By Ben' });
    const nobodys = await createLead(ctx.db, { company: 'Owned By Nobody' });

    const owners = await call('GET', `${base}/owners`);
    expect(owners.json().data).toEqual(
      expect.arrayContaining([
        { id: ada.id, name: 'Ada Admin' },
        { id: ben.id, name: 'Ben Boss' },
      ]),
    );

    const given = await call('POST', `${base}/${mine.publicId}/owner`, adaToken, { owner_id: ada.id });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({
      message: pipelineMessages.ownerUpdated,
      data: { owner: { id: ada.id, name: 'Ada Admin' } },
    });
    expect((await call('POST', `${base}/${bens.publicId}/owner`, adaToken, { owner_id: ben.id })).statusCode).toBe(200);

    expect((await list('owner=me')).items.map((l) => l.business)).toEqual(['Owned By Ada']);
    expect((await list('owner=me', benToken)).items.map((l) => l.business)).toEqual(['Owned By Ben']);
    expect((await list('owner=none')).items.map((l) => l.business)).toContain('Owned By Nobody');
    expect((await list('owner=none')).items.map((l) => l.business)).not.toContain('Owned By Ada');
    // The owner shows on every row of the list.
    expect((await list('q=Owned%20By')).items.find((l) => l.business === 'Owned By Ben')?.owner).toEqual({
      id: ben.id,
      name: 'Ben Boss',
    });

    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, mine.publicId), eq(auditLog.action, 'lead.owner')));
    expect(audit).toMatchObject({ actorId: ada.id, after: { owner: { id: ada.id, name: 'Ada Admin' } } });

    // Unassigning: the lead is nobody's again.
    expect((await call('POST', `${base}/${mine.publicId}/owner`, adaToken, { owner_id: null })).statusCode).toBe(200);
    expect((await list('owner=me')).items).toEqual([]);
    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, nobodys.id));
    expect(row!.ownerId).toBeNull();
  });

  it('refuses a partner, an unknown user or a bad body as owner with a field message', async () => {
    const lead = await createLead(ctx.db);
    const partner = await createPartner(ctx.db);
    const asPartner = await call('POST', `${base}/${lead.publicId}/owner`, adaToken, { owner_id: partner.id });
    expect(asPartner.statusCode).toBe(404);
    expect(asPartner.json()).toMatchObject({
      message: pipelineMessages.ownerNotFound,
      errors: { owner_id: pipelineMessages.ownerNotFound },
    });
    expect((await call('POST', `${base}/${lead.publicId}/owner`, adaToken, { owner_id: 999_999 })).statusCode).toBe(404);
    const bad = await call('POST', `${base}/${lead.publicId}/owner`, adaToken, { owner_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('owner_id');
    expect(
      (await call('POST', `${base}/00000000-0000-4000-8000-000000000000/owner`, adaToken, { owner_id: ada.id })).statusCode,
    ).toBe(404);
  });
});

describe('list flags', () => {
  it('names the Stale Lead Days setting (7 unset) and says no CRM is configured with CRM=none', async () => {
    await createLead(ctx.db);
    expect(await list('')).toMatchObject({ stale_after_days: 7, crm_configured: false });
    await ctx.db.insert(settings).values({ key: 'Stale Lead Days', value: '14' });
    expect((await list('')).stale_after_days).toBe(14);
    const refused = await call('POST', '/api/v1/admin/settings', adaToken, { key: 'Stale Lead Days', value: '0' });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('Stale Lead Days must be a whole number of days between 1 and 365');
    await ctx.db.delete(settings).where(eq(settings.key, 'Stale Lead Days'));
  });

  it('says a CRM is configured with CRM=zoho', async () => {
    const zoho = await createTestContext(zohoTestEnv);
    try {
      const admin = await createAdmin(zoho.db);
      const res = await zoho.app.inject({ method: 'GET', url: base, headers: bearer(await createSession(zoho.db, admin.id)) });
      expect(res.json().data.crm_configured).toBe(true);
    } finally {
      await zoho.close();
    }
  });
});
