import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createPartner, loginAs } from '../../../test/factories';
import { insertLead, moveLead, type LeadRow } from '../../../test/lead-fixtures';
import { leadEvents, leads, outbox, settings } from '../../db/schema';
import { createOutboxProcessor, enqueue, type OutboxProcessorOptions } from '../../lib/outbox';
import { FAKE_ZOHO_CREDENTIALS, startFakeZoho, type FakeZoho } from '../leads/testing/fake-zoho';
import { pullWatermarkKey, PULL_STATUS, PUSH_STATUS, queueStatusPull } from './index';

let ctx: TestContext;
let zoho: FakeZoho;
let partner: Awaited<ReturnType<typeof createPartner>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  zoho = await startFakeZoho();
  ctx = await createTestContext({
    CRM: 'zoho',
    ZOHO_CLIENT_ID: FAKE_ZOHO_CREDENTIALS.clientId,
    ZOHO_CLIENT_SECRET: FAKE_ZOHO_CREDENTIALS.clientSecret,
    ZOHO_REFRESH_TOKEN: FAKE_ZOHO_CREDENTIALS.refreshToken,
    ZOHO_ACCOUNTS_URL: zoho.url,
    ZOHO_API_URL: zoho.url,
  });
  partner = await createPartner(ctx.db, { fullName: 'Pat Partner', email: 'pat@partners.example' });
  admin = await createAdmin(ctx.db, { email: 'ada@reseller.example', notifyNewReferral: false });
});
afterAll(async () => {
  await ctx.close();
  await zoho.close();
});
afterEach(async () => {
  zoho.reset();
  ctx.mailer.sent.length = 0;
  await ctx.db.delete(leads);
  await ctx.db.delete(outbox);
  await ctx.db.delete(settings);
});

const deliver = (opts: Partial<OutboxProcessorOptions> = {}) =>
  createOutboxProcessor(ctx.db, { handlers: ctx.app.outbox.handlers, log: ctx.app.log, ...opts }).processDue();

/** A lead as the landing page leaves it, then pushed to Zoho by the lead push (so it has a crm_id). */
async function pushedLead(): Promise<LeadRow> {
  const lead = await insertLead(ctx.app, { partnerId: partner.id, company: 'Corner Bakery' });
  await enqueue(ctx.db, { action: 'crm.push_lead', subjectType: 'lead', subjectId: lead.publicId, leadId: lead.id });
  await deliver();
  const [row] = await ctx.db.select().from(leads).where(eq(leads.id, lead.id));
  expect(row!.crmId).toBeTruthy();
  ctx.mailer.sent.length = 0;
  return row!;
}

const zohoLead = (crmId: string | null) => zoho.leads.find((l) => l.id === crmId)!;
const statusEvents = (leadId: number) =>
  ctx.db
    .select()
    .from(leadEvents)
    .where(eq(leadEvents.leadId, leadId))
    .orderBy(leadEvents.id)
    .then((rows) => rows.filter((e) => e.kind === 'status'));
const entries = (action: string) => ctx.db.select().from(outbox).where(eq(outbox.action, action)).orderBy(outbox.id);

async function pull(at = Date.now()): Promise<void> {
  expect(await queueStatusPull(ctx.db, at, 60_000)).toBe(true);
  await deliver();
}

describe('portal → Zoho', () => {
  it('pushes each portal move to Zoho as the mapped Lead_Status', async () => {
    const lead = await pushedLead();
    expect(zohoLead(lead.crmId).record.Lead_Status).toBe('Not Contacted');
    await moveLead(ctx.app, lead, 'contacted', { actorId: admin.id });
    await deliver();
    expect(zohoLead(lead.crmId).record.Lead_Status).toBe('Contacted');
    await moveLead(ctx.app, lead, 'analysis', { actorId: admin.id });
    await deliver();
    expect(zohoLead(lead.crmId).record.Lead_Status).toBe('Pre-Qualified');
    const updates = zoho.requests.filter((r) => r.route === 'update');
    expect(updates.map((r) => r.body)).toEqual([
      { data: [{ Lead_Status: 'Contacted' }] },
      { data: [{ Lead_Status: 'Pre-Qualified' }] },
    ]);
    expect((await entries(PUSH_STATUS)).map((e) => e.status)).toEqual(['done', 'done']);
  });

  it('waits for the lead to reach Zoho before pushing its status', async () => {
    const lead = await insertLead(ctx.app, { partnerId: partner.id });
    await moveLead(ctx.app, lead, 'contacted', { actorId: admin.id });
    await deliver();
    expect(await entries(PUSH_STATUS)).toMatchObject([
      { status: 'pending', lastError: 'the lead is not in the CRM yet; its status follows once it is' },
    ]);
    expect(zoho.requests.filter((r) => r.route === 'update')).toHaveLength(0);

    await enqueue(ctx.db, { action: 'crm.push_lead', subjectType: 'lead', subjectId: lead.publicId, leadId: lead.id });
    await deliver({ now: () => Date.now() + 60 * 60_000 });
    // The two may have run side by side: a retry later finds the crm_id.
    await deliver({ now: () => Date.now() + 120 * 60_000 });
    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(zohoLead(row!.crmId).record.Lead_Status).toBe('Contacted');
    expect(await entries(PUSH_STATUS)).toMatchObject([{ status: 'done' }]);
  });
});

describe('Zoho → portal', () => {
  it('records a Zoho change as a CRM move, tells the partner, and pushes nothing back; a second pull changes nothing', async () => {
    const lead = await pushedLead();
    await pull(); // first pull: nothing changed in Zoho after the insert
    expect(await statusEvents(lead.id)).toHaveLength(0);
    const [mark] = await ctx.db.select().from(settings).where(eq(settings.key, pullWatermarkKey));
    expect(Date.parse(mark!.value)).toBe(zohoLead(lead.crmId).modifiedAt);

    zoho.setLeadStatus(lead.crmId!, 'Pre-Qualified');
    await pull(Date.now() + 60_000);

    const list = zoho.requests.filter((r) => r.route === 'list');
    expect(list.at(-1)!.ifModifiedSince).toBe(
      new Date(Math.floor(Date.parse(mark!.value) / 1000) * 1000).toISOString().replace('.000Z', '+00:00'),
    );
    expect(list.at(-1)!.query).toContain('fields=Lead_Status%2CModified_Time');
    const [row] = await ctx.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.status).toBe('analysis');
    expect(await statusEvents(lead.id)).toMatchObject([
      {
        actorId: null,
        actorLabel: 'CRM',
        fromStatus: 'new',
        toStatus: 'analysis',
        visibleToPartner: true,
        data: { crm: 'zoho', crm_status: 'Pre-Qualified' },
      },
    ]);
    expect(ctx.mailer.sent.map((m) => [m.to, m.subject])).toEqual([[partner.email, 'Corner Bakery: Analysis in progress']]);
    expect(await entries(PUSH_STATUS)).toHaveLength(0);
    expect(zoho.requests.filter((r) => r.route === 'update')).toHaveLength(0);

    await pull(Date.now() + 120_000);
    await pull(Date.now() + 180_000);
    expect(await statusEvents(lead.id)).toHaveLength(1);
    expect(ctx.mailer.sent).toHaveLength(1);
    expect((await entries(PULL_STATUS)).map((e) => e.status)).toEqual(['done', 'done', 'done', 'done']);
  });

  it('leaves unmapped values, refused moves and a Zoho value older than the portal’s move alone', async () => {
    const [a, b, c] = [await pushedLead(), await pushedLead(), await pushedLead()];
    await pull();
    await moveLead(ctx.app, b, 'contacted', { actorId: admin.id });
    await moveLead(ctx.app, c, 'contacted', { actorId: admin.id });
    await deliver();
    await moveLead(ctx.app, c, 'application', { actorId: admin.id }); // its push is still queued

    zoho.setLeadStatus(a.crmId!, 'Some Custom Value');
    zoho.setLeadStatus(b.crmId!, 'Not Contacted'); // contacted → new is not a move
    await pull(Date.now() + 60_000);
    expect((await ctx.db.select().from(leads).orderBy(leads.id)).map((l) => l.status)).toEqual([
      'new',
      'contacted',
      'application',
    ]);
    expect(await ctx.db.select().from(leadEvents).where(eq(leadEvents.actorLabel, 'CRM'))).toHaveLength(0);

    await deliver();
    expect(zohoLead(c.crmId).record.Lead_Status).toBe('Application');
  });

  it('follows the mapping the admin edits, and refuses a mapping that is not valid', async () => {
    const token = await loginAs(ctx.app, admin);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/settings',
      headers: bearer(token),
      payload: { key: 'CRM Status Mapping', value: '{"Hot": "on fire"}' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('CRM Status Mapping must be a JSON object');
    const good = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/settings',
      headers: bearer(token),
      payload: {
        key: 'CRM Status Mapping',
        value: JSON.stringify({ 'Not Contacted': 'new', Hot: 'contacted', Signed: 'approved' }),
      },
    });
    expect(good.statusCode).toBe(201);

    const lead = await pushedLead();
    await pull();
    zoho.setLeadStatus(lead.crmId!, 'Hot');
    await pull(Date.now() + 60_000);
    zoho.setLeadStatus(lead.crmId!, 'Signed');
    await pull(Date.now() + 120_000);
    expect((await statusEvents(lead.id)).map((e) => [e.fromStatus, e.toStatus, e.actorLabel])).toEqual([
      ['new', 'contacted', 'CRM'],
      ['contacted', 'approved', 'CRM'],
    ]);
    expect(ctx.mailer.sent.map((m) => m.subject)).toEqual(['Corner Bakery: Contacted', 'Corner Bakery: Approved merchant']);
  });

  it('reads every page of a long change list', async () => {
    zoho.pageSize = 2;
    const pushed = [await pushedLead(), await pushedLead(), await pushedLead(), await pushedLead(), await pushedLead()];
    await pull();
    for (const lead of pushed) zoho.setLeadStatus(lead.crmId!, 'Contacted');
    await pull(Date.now() + 60_000);
    expect((await ctx.db.select().from(leads)).every((l) => l.status === 'contacted')).toBe(true);
    expect(zoho.requests.filter((r) => r.route === 'list').length).toBeGreaterThanOrEqual(4);
  });

  it('queues one pull at a time', async () => {
    expect(await queueStatusPull(ctx.db, Date.now(), 60_000)).toBe(true);
    expect(await queueStatusPull(ctx.db, Date.now() + 60_000, 60_000)).toBe(false);
    expect(await entries(PULL_STATUS)).toHaveLength(1);
  });
});
