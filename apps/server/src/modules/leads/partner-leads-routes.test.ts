import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeLeadPayload, messages, pipelineMessages } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { leadEvents, leads } from '../../db/schema';
import { createSession } from '../../lib/sessions';
import { createTestContext, type TestContext } from '../../../test/context';
import { parseCsv } from '../../../test/csv';
import { bearer, createAdmin, createLead, createPartner } from '../../../test/factories';

let ctx: TestContext;
let adminToken: string;
let me: Awaited<ReturnType<typeof createPartner>>;
let myToken: string;
let other: Awaited<ReturnType<typeof createPartner>>;
let otherToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createAdmin(ctx.db, { fullName: 'Ada Admin' });
  adminToken = await createSession(ctx.db, admin.id);
  me = await createPartner(ctx.db, { fullName: 'Mia Mine' });
  myToken = await createSession(ctx.db, me.id);
  other = await createPartner(ctx.db, { fullName: 'Oscar Other' });
  otherToken = await createSession(ctx.db, other.id);
});
afterAll(() => ctx.close());

const get = (url: string, token = myToken) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/leads/mine${url}`, headers: bearer(token) });
const admin = (url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/admin/leads${url}`, payload, headers: bearer(adminToken) });

describe('the partner routes', () => {
  it('answer 401 to anonymous callers and 403 to admins', async () => {
    const id = (await createLead(ctx.db, { partnerId: me.id })).publicId;
    for (const url of ['', '/counts', '/export.csv', `/${id}`]) {
      const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/v1/leads/mine${url}` });
      expect(anonymous.statusCode, url).toBe(401);
      const asAdmin = await get(url, adminToken);
      expect(asAdmin.statusCode, url).toBe(403);
      expect(asAdmin.json()).toEqual({ status: 'error', message: messages.auth.forbidden });
    }
  });
});

describe('GET /leads/mine', () => {
  it("lists the partner's own leads only, with search, status filter and cursor paging", async () => {
    const partner = await createPartner(ctx.db);
    const token = await createSession(ctx.db, partner.id);
    const at = (s: number) => new Date(Date.UTC(2026, 2, 1, 0, 0, s));
    const mine = [];
    for (let i = 0; i < 7; i++)
      mine.push(await createLead(ctx.db, { partnerId: partner.id, createdAt: at(i), status: i % 2 ? 'contacted' : 'new' }));
    await createLead(ctx.db, { partnerId: other.id, company: 'Not yours' });
    await createLead(ctx.db, { company: 'Nobody’s' });

    const page1 = (await get('?limit=4', token)).json().data;
    expect(page1.items).toHaveLength(4);
    expect(page1.items[0]).toEqual({
      id: mine[6]!.publicId,
      business: mine[6]!.company,
      contact: `Maria ${mine[6]!.lastName}`,
      industry: 'Retail',
      status: 'new',
      submitted_at: at(6).toISOString(),
      updated_at: mine[6]!.statusChangedAt.toISOString(),
      under_review: false,
    });
    const page2 = (await get(`?limit=4&cursor=${page1.next_cursor}`, token)).json().data;
    expect(page2.next_cursor).toBeNull();
    expect([...page1.items, ...page2.items].map((i: { id: string }) => i.id)).toEqual(mine.map((l) => l.publicId).reverse());

    const contacted = (await get('?status=contacted', token)).json().data.items;
    expect(contacted.map((i: { id: string }) => i.id)).toEqual([mine[5]!.publicId, mine[3]!.publicId, mine[1]!.publicId]);
    const search = (await get(`?q=${encodeURIComponent(mine[2]!.email.toUpperCase())}`, token)).json().data.items;
    expect(search.map((i: { id: string }) => i.id)).toEqual([mine[2]!.publicId]);
    expect((await get('?q=Not%20yours', token)).json().data.items).toEqual([]);
  });
});

describe('GET /leads/mine/counts', () => {
  it('counts the partner’s leads per status, every status present', async () => {
    const partner = await createPartner(ctx.db);
    await createLead(ctx.db, { partnerId: partner.id });
    await createLead(ctx.db, { partnerId: partner.id, status: 'approved', mid: 'COUNT-1' });
    await createLead(ctx.db, { partnerId: partner.id, status: 'approved', mid: 'COUNT-2' });
    await createLead(ctx.db, { partnerId: other.id, status: 'lost' });
    const res = await get('/counts', await createSession(ctx.db, partner.id));
    expect(res.json()).toEqual({
      status: 'success',
      data: { counts: { new: 1, contacted: 0, analysis: 0, application: 0, approved: 2, lost: 0, unqualified: 0 }, total: 3 },
    });
  });
});

describe('GET /leads/mine/{id}', () => {
  it('shows what was submitted and the partner-visible timeline, never internal notes or other partners', async () => {
    const payload = composeLeadPayload(buildReferralForm({ fullName: 'Maria de la Cruz' }), me.uuid);
    const id = (await ctx.app.inject({ method: 'POST', url: '/api/v1/leads/referral/by-uuid', payload })).json().leadData.data[0]
      .details.id as string;
    await admin(`/${id}/status`, {
      status: 'contacted',
      expected_status: 'new',
      note: 'Spoke to Maria',
      note_visible_to_partner: true,
    });
    await admin(`/${id}/notes`, { note: 'Internal: credit check pending' });
    await admin(`/${id}/notes`, { note: 'Application form sent', visible_to_partner: true });
    await admin(`/${id}/status`, { status: 'lost', expected_status: 'contacted', reason: 'other', note: 'Internal: owner rude' });
    await admin(`/${id}/partner`, { partner_id: other.id });
    await admin(`/${id}/partner`, { partner_id: me.id });
    // A second request with the same email, admins only.
    await ctx.app.inject({ method: 'POST', url: '/api/v1/leads/referral/by-uuid', payload });

    const res = await get(`/${id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id,
      business: 'Corner Shop',
      contact: 'Maria de la Cruz',
      industry: 'Retail',
      status: 'lost',
      email: payload.Email,
      phone: '+14155550123',
      notes: 'Call after 5pm',
    });
    expect(data.events).toMatchObject([
      { kind: 'created', actor: 'Merchant', data: null },
      { kind: 'status', from_status: 'new', to_status: 'contacted', note: 'Spoke to Maria', actor: 'Ada Admin', data: null },
      { kind: 'note', note: 'Application form sent', visible_to_partner: true },
      { kind: 'status', from_status: 'contacted', to_status: 'lost', reason: 'other', note: null },
    ]);
    expect(data.events).toHaveLength(4);
    expect(JSON.stringify(data)).not.toMatch(/Internal|Oscar|credit check/);

    // The admin sees everything, the requested-again event included.
    const adminView = (
      await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/leads/${id}`, headers: bearer(adminToken) })
    ).json().data;
    expect(adminView.events.map((e: { kind: string }) => e.kind)).toEqual([
      'created',
      'status',
      'note',
      'note',
      'status',
      'note',
      'partner',
      'partner',
      'requested_again',
    ]);
  });

  it("answers 404 for another partner's lead and for an unknown id", async () => {
    const theirs = await createLead(ctx.db, { partnerId: other.id });
    for (const id of [theirs.publicId, crypto.randomUUID(), 'nope']) {
      const res = await get(`/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: pipelineMessages.leadNotFound });
    }
    expect((await get(`/${theirs.publicId}`, otherToken)).statusCode).toBe(200);
  });
});

describe('GET /leads/mine/export.csv', () => {
  it("exports the partner's own leads only, neutralised", async () => {
    const partner = await createPartner(ctx.db);
    const token = await createSession(ctx.db, partner.id);
    const lead = await createLead(ctx.db, { partnerId: partner.id, company: '=1+2', notes: 'a, "b"' });
    await createLead(ctx.db, { partnerId: other.id });
    const res = await get('/export.csv', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="referrals-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(parseCsv(res.body)).toEqual([
      ['ID', 'Submitted at', 'Business', 'Contact', 'Email', 'Phone', 'Industry', 'Notes', 'Status', 'Last update'],
      [
        lead.publicId,
        lead.createdAt.toISOString(),
        "'=1+2",
        `Maria ${lead.lastName}`,
        lead.email,
        "'+14155550123",
        'Retail',
        'a, "b"',
        'New',
        lead.statusChangedAt.toISOString(),
      ],
    ]);
    const filtered = await get('/export.csv?status=contacted', token);
    expect(parseCsv(filtered.body)).toHaveLength(1);
  });
});

describe('events recorded when a referral is submitted', () => {
  const submit = (payload: object, token?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/leads/referral/by-uuid', payload, headers: token ? bearer(token) : {} });
  const eventsOf = async (publicId: string) => {
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.publicId, publicId));
    return ctx.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead!.id)).orderBy(asc(leadEvents.id));
  };

  it('records a created event by the merchant, or by the partner who submitted', async () => {
    const anonymous = (await submit(composeLeadPayload(buildReferralForm(), me.uuid))).json().leadData.data[0].details.id;
    expect(await eventsOf(anonymous)).toMatchObject([
      { kind: 'created', actorId: null, actorLabel: 'Merchant', toStatus: 'new', visibleToPartner: true },
    ]);
    const byPartner = (await submit(composeLeadPayload(buildReferralForm(), me.uuid), myToken)).json().leadData.data[0].details
      .id;
    expect(await eventsOf(byPartner)).toMatchObject([
      { kind: 'created', actorId: me.id, actorLabel: 'Mia Mine', data: { source: 'portal' } },
    ]);
  });

  it('keeps the DUPLICATE_DATA answer and records what was typed again, for admins only', async () => {
    const first = composeLeadPayload(buildReferralForm({ email: 'again@shop.example' }), me.uuid);
    const original = (await submit(first)).json().leadData.data[0].details.id as string;
    const second = composeLeadPayload(
      buildReferralForm({
        email: 'AGAIN@shop.example',
        fullName: 'Rita Repeat',
        businessName: 'Second Shop',
        description: 'Please call me',
      }),
      other.uuid,
    );
    const res = await submit(second);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 'error',
      message: messages.referral.duplicate(original),
      errors: { Email: messages.referral.duplicate(original) },
      leadData: { data: [{ code: 'DUPLICATE_DATA', message: 'duplicate data', details: { id: original } }] },
    });
    const events = await eventsOf(original);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({
      kind: 'requested_again',
      actorLabel: 'Merchant',
      visibleToPartner: false,
      data: {
        first_name: 'Rita',
        last_name: 'Repeat',
        email: 'AGAIN@shop.example',
        company: 'Second Shop',
        business_type: 'Retail',
        phone: '+14155550123',
        notes: 'Please call me',
        sms_consent: true,
        marketing_consent: true,
        referral_uuid: other.uuid,
        matched_partner: { id: other.id, name: 'Oscar Other' },
      },
    });
    const data = events[1]!.data as Record<string, string>;
    expect(Date.parse(data.sms_consent_at!)).toBeGreaterThan(0);

    const unknownLink = composeLeadPayload(buildReferralForm({ email: 'again@shop.example' }), crypto.randomUUID());
    await submit(unknownLink);
    expect((await eventsOf(original))[2]).toMatchObject({ kind: 'requested_again', data: { matched_partner: null } });
  });

  it("credits an admin's submission to the partner chosen, as source admin", async () => {
    const payload = { ...composeLeadPayload(buildReferralForm(), crypto.randomUUID()), partner_id: other.id };
    const res = await submit(payload, adminToken);
    expect(res.statusCode).toBe(201);
    const id = res.json().leadData.data[0].details.id as string;
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.publicId, id));
    expect(lead).toMatchObject({ partnerId: other.id, source: 'admin' });
    expect(await eventsOf(id)).toMatchObject([{ kind: 'created', actorLabel: 'Ada Admin', data: { source: 'admin' } }]);

    for (const partnerId of [999_999]) {
      const bad = await submit({ ...composeLeadPayload(buildReferralForm(), me.uuid), partner_id: partnerId }, adminToken);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        status: 'error',
        message: pipelineMessages.partnerNotFound,
        errors: { partner_id: pipelineMessages.partnerNotFound },
      });
    }
    const count = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(leads))[0]!.n;
    const before = await count();
    const adminAsPartner = await submit(
      { ...composeLeadPayload(buildReferralForm(), me.uuid), partner_id: (await createAdmin(ctx.db)).id },
      adminToken,
    );
    expect(adminAsPartner.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('ignores a partner_id sent by anyone but an admin', async () => {
    const payload = { ...composeLeadPayload(buildReferralForm(), me.uuid), partner_id: other.id };
    const id = (await submit(payload)).json().leadData.data[0].details.id as string;
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.publicId, id));
    expect(lead).toMatchObject({ partnerId: me.id, source: 'landing_page' });
    const byPartner = { ...composeLeadPayload(buildReferralForm(), me.uuid), partner_id: other.id };
    const id2 = (await submit(byPartner, myToken)).json().leadData.data[0].details.id as string;
    expect((await ctx.db.select().from(leads).where(eq(leads.publicId, id2)))[0]).toMatchObject({
      partnerId: me.id,
      source: 'portal',
    });
  });
});
