import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canMoveLead,
  composeLeadPayload,
  leadStatuses,
  pipelineMessages,
  searchCountCap,
  type LeadStatus,
} from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { auditLog, leadEvents, leads, outbox } from '../../db/schema';
import { createSession } from '../../lib/sessions';
import { createTestContext, zohoTestEnv, type TestContext } from '../../../test/context';
import { parseCsv } from '../../../test/csv';
import { bearer, createAdmin, createLead, createPartner } from '../../../test/factories';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let adminToken: string;
let p1: Awaited<ReturnType<typeof createPartner>>;
let p2: Awaited<ReturnType<typeof createPartner>>;

beforeAll(async () => {
  // A CRM that takes leads, so each lead has a push entry to fail and retry (no worker calls it).
  ctx = await createTestContext(zohoTestEnv);
  admin = await createAdmin(ctx.db, { fullName: 'Ada Admin' });
  adminToken = await createSession(ctx.db, admin.id);
  p1 = await createPartner(ctx.db, { fullName: 'Paula First' });
  p2 = await createPartner(ctx.db, { fullName: 'Peter Second' });
});
afterAll(() => ctx.close());

const base = '/api/v1/admin/leads';
function call(method: 'GET' | 'POST', url: string, payload?: object, token = adminToken) {
  return ctx.app.inject({ method, url, payload, headers: bearer(token) });
}
const move = (id: string, body: object) => call('POST', `${base}/${id}/status`, body);

/** What a move to this status needs, so every allowed pair of the table can succeed. */
let midSeq = 0;
function needs(to: LeadStatus): object {
  if (to === 'approved') return { mid: `MID-${++midSeq}-${Date.now()}` };
  if (to === 'lost') return { reason: 'no_response' };
  if (to === 'unqualified') return { reason: 'existing_customer' };
  return {};
}

const eventsOf = (leadId: number) =>
  ctx.db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId)).orderBy(asc(leadEvents.id));
const auditOf = (publicId: string, action?: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, publicId), action ? eq(auditLog.action, action) : undefined))
    .orderBy(asc(auditLog.id));
const stored = async (id: number) => (await ctx.db.select().from(leads).where(eq(leads.id, id)))[0]!;

describe('POST /admin/leads/{id}/status', () => {
  it('follows the move table: every allowed pair moves, every other answers 422', async () => {
    for (const from of leadStatuses) {
      for (const to of leadStatuses) {
        const lead = await createLead(ctx.db, { status: from, mid: from === 'approved' ? `SEED-${from}-${to}` : null });
        const res = await move(lead.publicId, { status: to, expected_status: from, ...needs(to) });
        const label = `${from} → ${to}`;
        if (canMoveLead(from, to)) {
          expect(res.statusCode, label).toBe(200);
          expect(res.json(), label).toMatchObject({
            status: 'success',
            message: pipelineMessages.statusUpdated,
            data: { id: lead.publicId, status: to },
          });
          expect((await stored(lead.id)).status, label).toBe(to);
          expect(await eventsOf(lead.id), label).toMatchObject([
            {
              kind: 'status',
              fromStatus: from,
              toStatus: to,
              actorId: admin.id,
              actorLabel: 'Ada Admin',
              visibleToPartner: true,
            },
          ]);
          expect(await auditOf(lead.publicId, 'lead.status'), label).toMatchObject([
            { actorId: admin.id, targetType: 'lead', before: { status: from }, after: { status: to } },
          ]);
        } else {
          expect(res.statusCode, label).toBe(422);
          expect(res.json(), label).toEqual({ status: 'error', message: pipelineMessages.moveNotAllowed(from, to) });
          expect((await stored(lead.id)).status, label).toBe(from);
          expect(await eventsOf(lead.id), label).toEqual([]);
          expect(await auditOf(lead.publicId), label).toEqual([]);
        }
      }
    }
  });

  it('answers 409 when the lead moved since the admin loaded it, and changes nothing', async () => {
    const lead = await createLead(ctx.db, { status: 'contacted' });
    const res = await move(lead.publicId, { status: 'analysis', expected_status: 'new' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'error', message: pipelineMessages.staleStatus });
    expect((await stored(lead.id)).status).toBe('contacted');
    expect(await eventsOf(lead.id)).toEqual([]);
  });

  it('lets exactly one of two simultaneous moves from the same status through', async () => {
    const lead = await createLead(ctx.db);
    const results = await Promise.all([
      move(lead.publicId, { status: 'contacted', expected_status: 'new' }),
      move(lead.publicId, { status: 'analysis', expected_status: 'new' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await eventsOf(lead.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      const res = await move(id, { status: 'contacted', expected_status: 'new' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: pipelineMessages.leadNotFound });
    }
  });

  it('needs a MID to approve, unique across leads', async () => {
    const a = await createLead(ctx.db, { status: 'application' });
    const b = await createLead(ctx.db, { status: 'application' });

    const missing = await move(a.publicId, { status: 'approved', expected_status: 'application', mid: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      status: 'error',
      message: pipelineMessages.midRequired,
      errors: { mid: pipelineMessages.midRequired },
    });

    const ok = await move(a.publicId, { status: 'approved', expected_status: 'application', mid: ' MID-777 ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'approved', mid: 'MID-777', allowed_moves: [] });

    const taken = await move(b.publicId, { status: 'approved', expected_status: 'application', mid: 'MID-777' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      status: 'error',
      message: pipelineMessages.midTaken,
      errors: { mid: pipelineMessages.midTaken },
    });
    expect(await stored(b.id)).toMatchObject({ status: 'application', mid: null });
    expect(await eventsOf(b.id)).toEqual([]);
    expect(await auditOf(b.publicId)).toEqual([]);
  });

  it('needs a listed reason for lost and unqualified, and a note when the reason is other', async () => {
    const lead = await createLead(ctx.db, { status: 'contacted' });
    const errorsFor = async (body: object) => {
      const res = await move(lead.publicId, { expected_status: 'contacted', ...body });
      expect(res.statusCode).toBe(400);
      return res.json().errors;
    };
    expect(await errorsFor({ status: 'lost' })).toEqual({ reason: pipelineMessages.reasonRequired });
    expect(await errorsFor({ status: 'lost', reason: 'existing_customer' })).toEqual({ reason: pipelineMessages.reasonInvalid });
    expect(await errorsFor({ status: 'unqualified', reason: 'no_response' })).toEqual({ reason: pipelineMessages.reasonInvalid });
    expect(await errorsFor({ status: 'lost', reason: 'other', note: ' ' })).toEqual({
      note: pipelineMessages.noteRequiredForOther,
    });
    expect(await errorsFor({ status: 'lost', reason: 'no_response', note: 'x'.repeat(1001) })).toEqual({
      note: pipelineMessages.noteTooLong,
    });
    expect(await eventsOf(lead.id)).toEqual([]);

    const res = await move(lead.publicId, {
      status: 'lost',
      expected_status: 'contacted',
      reason: 'other',
      note: 'Moved abroad',
    });
    expect(res.statusCode).toBe(200);
    expect(await eventsOf(lead.id)).toMatchObject([
      { kind: 'status', toStatus: 'lost', reason: 'other', note: null, visibleToPartner: true },
      { kind: 'note', note: 'Moved abroad', visibleToPartner: false },
    ]);
  });

  it('keeps the note on the status event only when it is visible to the partner', async () => {
    const lead = await createLead(ctx.db);
    await move(lead.publicId, {
      status: 'contacted',
      expected_status: 'new',
      note: 'We called, all good',
      note_visible_to_partner: true,
    });
    expect(await eventsOf(lead.id)).toMatchObject([{ kind: 'status', note: 'We called, all good', visibleToPartner: true }]);
    expect(await auditOf(lead.publicId, 'lead.status')).toMatchObject([
      { after: { status: 'contacted', note: 'We called, all good', note_visible_to_partner: true } },
    ]);
  });
});

describe('the lead event bus', () => {
  it('tells listeners of every event, inside the transaction that records it', async () => {
    const heard: { kind: string; leadPublicId: string; to: string | null; note: string | null; inTx: boolean }[] = [];
    ctx.app.leadEvents.on(async (tx, event) => {
      // The listener's reads see the move it is told about: it runs in the same transaction.
      const [row] = await tx.select({ status: leads.status }).from(leads).where(eq(leads.id, event.leadId));
      heard.push({
        kind: event.kind,
        leadPublicId: event.leadPublicId,
        to: event.toStatus,
        note: event.note,
        inTx: event.kind !== 'status' || row?.status === event.toStatus,
      });
    });
    const lead = await createLead(ctx.db);
    await move(lead.publicId, { status: 'lost', expected_status: 'new', reason: 'no_response', note: 'internal' });
    await call('POST', `${base}/${lead.publicId}/notes`, { note: 'shared', visible_to_partner: true });
    await call('POST', `${base}/${lead.publicId}/partner`, { partner_id: p1.id });
    expect(heard.filter((h) => h.leadPublicId === lead.publicId)).toEqual([
      { kind: 'status', leadPublicId: lead.publicId, to: 'lost', note: null, inTx: true },
      { kind: 'note', leadPublicId: lead.publicId, to: null, note: 'internal', inTx: true },
      { kind: 'note', leadPublicId: lead.publicId, to: null, note: 'shared', inTx: true },
      { kind: 'partner', leadPublicId: lead.publicId, to: null, note: null, inTx: true },
    ]);
  });
});

describe('GET /admin/leads/{id}', () => {
  it('answers every submitted field, the consent proof, the CRM state and the timeline oldest first', async () => {
    const payload = composeLeadPayload(buildReferralForm({ fullName: 'Maria de la Cruz' }), p1.uuid, {
      consentTextVersion: 'v1:+1 555 0100',
    });
    const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/leads/referral/by-uuid', payload });
    const id = created.json().leadData.data[0].details.id as string;
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.publicId, id));
    await ctx.db.update(outbox).set({ status: 'failed', attempts: 8, lastError: 'HTTP 500' }).where(eq(outbox.leadId, lead!.id));
    await ctx.db.update(leads).set({ syncState: 'failed', crmId: 'Z-1' }).where(eq(leads.id, lead!.id));
    await move(id, { status: 'contacted', expected_status: 'new', note: 'Left a voicemail', note_visible_to_partner: true });

    const res = await call('GET', `${base}/${id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id,
      business: 'Corner Shop',
      contact: 'Maria de la Cruz',
      first_name: 'Maria',
      last_name: 'de la Cruz',
      email: payload.Email,
      partner: { id: p1.id, name: 'Paula First', email: p1.email },
      source: 'landing_page',
      status: 'contacted',
      sync_state: 'failed',
      business_type: 'Retail',
      country_code: '+1',
      phone: '+14155550123',
      notes: 'Call after 5pm',
      referral_uuid: p1.uuid,
      mid: null,
      consent: { sms: true, marketing: true, text_version: 'v1:+1 555 0100', has_ip_hash: true },
      crm: { id: 'Z-1', note_id: null, last_error: 'HTTP 500', attempts: 8 },
      allowed_moves: ['analysis', 'application', 'approved', 'lost', 'unqualified'],
    });
    expect(data.consent.sms_at).toBe(data.submitted_at);
    expect(data.events).toMatchObject([
      { kind: 'created', actor: 'Merchant', to_status: 'new', visible_to_partner: true },
      {
        kind: 'status',
        actor: 'Ada Admin',
        from_status: 'new',
        to_status: 'contacted',
        note: 'Left a voicemail',
        visible_to_partner: true,
      },
    ]);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await call('GET', `${base}/${crypto.randomUUID()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: pipelineMessages.leadNotFound });
  });
});

describe('POST /admin/leads/{id}/partner', () => {
  it('reassigns a lead, recording both partners in the event and the audit log', async () => {
    const lead = await createLead(ctx.db, { partnerId: p1.id });
    const res = await call('POST', `${base}/${lead.publicId}/partner`, { partner_id: p2.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: pipelineMessages.partnerAssigned,
      data: { partner: { id: p2.id, name: 'Peter Second' } },
    });
    expect((await stored(lead.id)).partnerId).toBe(p2.id);
    const from = { id: p1.id, name: 'Paula First' };
    const to = { id: p2.id, name: 'Peter Second' };
    expect(await eventsOf(lead.id)).toMatchObject([
      { kind: 'partner', actorId: admin.id, visibleToPartner: false, data: { from, to } },
    ]);
    expect(await auditOf(lead.publicId, 'lead.partner')).toMatchObject([
      { actorId: admin.id, before: { partner: from }, after: { partner: to } },
    ]);

    const unassign = await call('POST', `${base}/${lead.publicId}/partner`, { partner_id: null });
    expect(unassign.json().data.partner).toBeNull();
    expect((await eventsOf(lead.id))[1]).toMatchObject({ kind: 'partner', data: { from: to, to: null } });

    const assign = await call('POST', `${base}/${lead.publicId}/partner`, { partner_id: p1.id });
    expect(assign.statusCode).toBe(200);
    expect((await eventsOf(lead.id))[2]).toMatchObject({ kind: 'partner', data: { from: null, to: from } });
  });

  it('refuses anyone but an existing partner account', async () => {
    const lead = await createLead(ctx.db);
    for (const partnerId of [admin.id, 999_999]) {
      const res = await call('POST', `${base}/${lead.publicId}/partner`, { partner_id: partnerId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        status: 'error',
        message: pipelineMessages.partnerNotFound,
        errors: { partner_id: pipelineMessages.partnerNotFound },
      });
    }
    expect((await stored(lead.id)).partnerId).toBeNull();
    expect(await eventsOf(lead.id)).toEqual([]);
    const unknown = await call('POST', `${base}/${crypto.randomUUID()}/partner`, { partner_id: p1.id });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /admin/leads/{id}/notes', () => {
  it('adds an internal or partner-visible note, with an audit row', async () => {
    const lead = await createLead(ctx.db);
    const res = await call('POST', `${base}/${lead.publicId}/notes`, { note: ' Internal only ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'success', message: pipelineMessages.noteAdded, data: { id: lead.publicId } });
    await call('POST', `${base}/${lead.publicId}/notes`, { note: 'For the partner', visible_to_partner: true });
    expect(await eventsOf(lead.id)).toMatchObject([
      { kind: 'note', note: 'Internal only', visibleToPartner: false, actorId: admin.id },
      { kind: 'note', note: 'For the partner', visibleToPartner: true },
    ]);
    expect(await auditOf(lead.publicId, 'lead.note')).toMatchObject([
      { actorId: admin.id, after: { note: 'Internal only', visible_to_partner: false } },
      { after: { note: 'For the partner', visible_to_partner: true } },
    ]);
  });

  it('needs a note of at most 1000 characters', async () => {
    const lead = await createLead(ctx.db);
    const empty = await call('POST', `${base}/${lead.publicId}/notes`, { note: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ note: pipelineMessages.noteRequired });
    const long = await call('POST', `${base}/${lead.publicId}/notes`, { note: 'x'.repeat(1001) });
    expect(long.json().errors).toEqual({ note: pipelineMessages.noteTooLong });
    expect((await call('POST', `${base}/${crypto.randomUUID()}/notes`, { note: 'x' })).statusCode).toBe(404);
  });
});

describe('POST /admin/leads/status (bulk)', () => {
  it('moves each lead on its own and answers a result per lead', async () => {
    const fresh = await createLead(ctx.db);
    const contacted = await createLead(ctx.db, { status: 'contacted' });
    const final = await createLead(ctx.db, { status: 'unqualified' });
    const unknown = crypto.randomUUID();
    const res = await call('POST', `${base}/status`, {
      lead_ids: [fresh.publicId, contacted.publicId, final.publicId, unknown],
      status: 'lost',
      reason: 'not_interested',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      data: {
        results: [
          { id: fresh.publicId, ok: true },
          { id: contacted.publicId, ok: true },
          { id: final.publicId, ok: false, message: pipelineMessages.moveNotAllowed('unqualified', 'lost') },
          { id: unknown, ok: false, message: pipelineMessages.leadNotFound },
        ],
      },
    });
    expect((await stored(fresh.id)).status).toBe('lost');
    expect((await stored(contacted.id)).status).toBe('lost');
    expect((await stored(final.id)).status).toBe('unqualified');
    expect(await eventsOf(contacted.id)).toMatchObject([
      { kind: 'status', fromStatus: 'contacted', toStatus: 'lost', reason: 'not_interested' },
    ]);
    expect(await auditOf(fresh.publicId, 'lead.status')).toHaveLength(1);
    expect(await auditOf(final.publicId)).toEqual([]);
  });

  it('refuses to approve in bulk, lead by lead, and checks the reason once', async () => {
    const lead = await createLead(ctx.db, { status: 'application' });
    const res = await call('POST', `${base}/status`, { lead_ids: [lead.publicId], status: 'approved' });
    expect(res.json().data.results).toEqual([{ id: lead.publicId, ok: false, message: pipelineMessages.approveOneAtATime }]);
    expect((await stored(lead.id)).status).toBe('application');

    const noReason = await call('POST', `${base}/status`, { lead_ids: [lead.publicId], status: 'lost' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: pipelineMessages.reasonRequired });
  });

  it('takes at most 100 leads', async () => {
    const ids = Array.from({ length: 101 }, () => crypto.randomUUID());
    const res = await call('POST', `${base}/status`, { lead_ids: ids, status: 'contacted' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(pipelineMessages.bulkTooMany);
  });
});

describe('GET /admin/leads', () => {
  it('filters, searches and counts per status over the same filters', async () => {
    const partner = await createPartner(ctx.db, { fullName: 'Filter Partner' });
    const day = (d: string) => new Date(`${d}T12:00:00Z`);
    const a = await createLead(ctx.db, { partnerId: partner.id, company: 'Blue Bakery', createdAt: day('2026-03-01') });
    const b = await createLead(ctx.db, {
      partnerId: partner.id,
      status: 'contacted',
      source: 'portal',
      createdAt: day('2026-03-02'),
      firstName: 'Zoë',
      lastName: 'Quill',
    });
    const c = await createLead(ctx.db, {
      partnerId: partner.id,
      status: 'contacted',
      syncState: 'failed',
      createdAt: day('2026-03-03'),
      email: 'owner@100%_shop.example',
    });
    const list = async (query: string) => {
      const res = await call('GET', `${base}?partner_id=${partner.id}&${query}`);
      expect(res.statusCode, query).toBe(200);
      return res.json().data as { items: { id: string }[]; counts: Record<string, number>; next_cursor: string | null };
    };
    const ids = async (query: string) => (await list(query)).items.map((i) => i.id);

    const all = await list('');
    expect(all.items.map((i) => i.id)).toEqual([c.publicId, b.publicId, a.publicId]);
    expect(all.counts).toEqual({ new: 1, contacted: 2, analysis: 0, application: 0, approved: 0, lost: 0, unqualified: 0 });
    expect(all.next_cursor).toBeNull();
    expect(all.items[0]).toMatchObject({
      partner: { id: partner.id, name: 'Filter Partner' },
      status: 'contacted',
      sync_state: 'failed',
    });

    const contacted = await list('status=contacted');
    expect(contacted.items.map((i) => i.id)).toEqual([c.publicId, b.publicId]);
    expect(contacted.counts).toEqual(all.counts);
    expect(await ids('source=portal')).toEqual([b.publicId]);
    expect(await ids('sync_state=failed')).toEqual([c.publicId]);
    expect(await ids('from=2026-03-02&to=2026-03-02')).toEqual([b.publicId]);
    expect(await ids('from=2026-03-02')).toEqual([c.publicId, b.publicId]);
    expect(await ids('to=2026-03-01')).toEqual([a.publicId]);
    expect(await ids('q=blue%20BAK')).toEqual([a.publicId]);
    expect(await ids('q=zo%C3%AB%20quill')).toEqual([b.publicId]);
    expect(await ids('q=100%25_')).toEqual([c.publicId]);
    expect(await ids('q=%25')).toEqual([c.publicId]);
    expect((await list('q=blue&status=contacted')).counts).toMatchObject({ new: 1, contacted: 0 });

    const orphan = await createLead(ctx.db, { company: 'Orphan Shop unique-7f3' });
    const unattributed = await call('GET', `${base}?unattributed=true&q=unique-7f3`);
    expect(unattributed.json().data.items).toMatchObject([{ id: orphan.publicId, partner: null }]);
  });

  it('counts a search only up to 1,000 matches and says so; exact counts otherwise', async () => {
    const partner = await createPartner(ctx.db);
    // 1,003 new and 2 contacted leads of one partner whose business names share a word.
    await ctx.db.execute(sql`
      insert into leads (referral_uuid, partner_id, first_name, email, company, business_type, country_code, phone_digits, title, notes, description, sms_consent, marketing_consent, consent_text_version, ip_hash, source, status)
      select 'x', ${partner.id}, 'M', 'capped-' || g || '-' || ${partner.id} || '@shop.example', 'Capword Shop ' || g, 'Retail', '+1', '4155550123', '+14155550123', '', '', true, true, 'v1', 'h', 'landing_page',
             case when g <= 2 then 'contacted' else 'new' end
      from generate_series(1, ${searchCountCap + 5}) g`);
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

    const searched = (await call('GET', `${base}?q=capword&limit=5`)).json().data;
    expect(searched.items).toHaveLength(5);
    expect(searched.next_cursor).toEqual(expect.any(String));
    expect(searched.counts_capped).toBe(true);
    // Only the matches read are counted: just past the cap, never all 1,005.
    expect(sum(searched.counts)).toBe(searchCountCap + 1);

    // A search with fewer matches than the cap is counted exactly: "Capword Shop 100" and 1000 to 1005.
    const few = (await call('GET', `${base}?q=${encodeURIComponent('capword shop 100')}`)).json().data;
    expect(few.counts_capped).toBe(false);
    expect(few.counts).toMatchObject({ new: 7, contacted: 0, analysis: 0 });
    // Under the cap the page is cut from the matches read: the status filter and the cursor still
    // apply, newest first (one insert: one created_at, so by id descending).
    const fewUrl = `${base}?q=${encodeURIComponent('capword shop 100')}&limit=3`;
    const pages = [(await call('GET', `${fewUrl}&status=new`)).json().data];
    while (pages.at(-1).next_cursor)
      pages.push((await call('GET', `${fewUrl}&status=new&cursor=${pages.at(-1).next_cursor}`)).json().data);
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((p) => p.items.map((i: { business: string }) => i.business))).toEqual(
      [1005, 1004, 1003, 1002, 1001, 1000, 100].map((n) => `Capword Shop ${n}`),
    );
    expect(pages.every((p) => p.counts.new === 7 && !p.counts_capped)).toBe(true);
    const noneContacted = (await call('GET', `${fewUrl}&status=contacted`)).json().data;
    expect([noneContacted.items, noneContacted.next_cursor, noneContacted.counts.new]).toEqual([[], null, 7]);
    const both = (await call('GET', `${base}?q=capword&status=contacted`)).json().data;
    expect(both.items).toHaveLength(2);

    // No search: exact, however many.
    const exact = (await call('GET', `${base}?partner_id=${partner.id}&limit=5`)).json().data;
    expect(exact.counts_capped).toBe(false);
    expect(exact.counts).toMatchObject({ new: searchCountCap + 3, contacted: 2 });
    expect((await call('GET', `${base}?limit=5`)).json().data.counts_capped).toBe(false);
  });

  it('pages by cursor without duplicates or gaps while new leads arrive', async () => {
    const partner = await createPartner(ctx.db);
    // Ties on created_at and microsecond timestamps, which a JS Date cannot hold.
    await ctx.db.execute(sql`
      insert into leads (referral_uuid, partner_id, first_name, email, company, business_type, country_code, phone_digits, title, notes, description, sms_consent, marketing_consent, consent_text_version, ip_hash, source, created_at)
      select 'x', ${partner.id}, 'M', 'page-' || g || '-' || ${partner.id} || '@shop.example', 'Shop ' || g, 'Retail', '+1', '4155550123', '+14155550123', '', '', true, true, 'v1', 'h', 'landing_page',
             timestamptz '2026-05-01 10:00:00.000001+00' + ((g / 3) * interval '1 microsecond')
      from generate_series(1, 23) g`);
    const expected = (
      await ctx.db
        .select({ id: leads.publicId })
        .from(leads)
        .where(eq(leads.partnerId, partner.id))
        .orderBy(sql`created_at desc, id desc`)
    ).map((r) => r.id);
    expect(expected).toHaveLength(23);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `partner_id=${partner.id}&limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await call('GET', `${base}?${query}`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      seen.push(...data.items.map((i: { id: string }) => i.id));
      cursor = data.next_cursor;
      // A new lead arrives between pages: it is newer, so it never shifts the pages still to come.
      await createLead(ctx.db, { partnerId: partner.id });
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(expected);
  });

  it('defaults to 25 rows and refuses a bad cursor or limit', async () => {
    const res = await call('GET', base);
    expect(res.json().data.items.length).toBeLessThanOrEqual(25);
    const badDayCursor = Buffer.from('2026-02-30T00:00:00.000000Z|5').toString('base64url');
    for (const query of [
      'cursor=bm9wZQ',
      'cursor=%25%25',
      `cursor=${badDayCursor}`,
      'limit=101',
      'limit=0',
      'status=nope',
      'from=2026-13',
      'from=2026-02-30',
      'partner_id=99999999999',
    ]) {
      const bad = await call('GET', `${base}?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().status).toBe('error');
    }
  });
});

describe("leads through a disabled partner's link", () => {
  let ipSeq = 0;
  const submitThrough = async (uuid: string, businessName: string) => {
    const email = `flag-${++ipSeq}-${Date.now()}@merchant.example`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/leads/referral/by-uuid',
      payload: composeLeadPayload(buildReferralForm({ businessName, email }), uuid),
      remoteAddress: `198.51.100.${ipSeq}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (await ctx.db.select().from(leads).where(eq(leads.email, email)))[0]!;
  };
  const userAction = (id: number, action: 'disable' | 'enable') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${id}/${action}`,
      payload: { reason: 'Left the program' },
      headers: bearer(adminToken),
    });

  it('flags them as the partner was at the time of the request, lists them with a filter, and keeps the flag after enabling', async () => {
    const partner = await createPartner(ctx.db, { fullName: 'Dora Disabled' });
    expect((await userAction(partner.id, 'disable')).statusCode).toBe(200);
    const flagged = await submitThrough(partner.uuid, 'Flagged Florist');
    const fromActive = await submitThrough(p1.uuid, 'Active Link Deli');
    expect(flagged).toMatchObject({ partnerId: null, disabledPartnerId: partner.id });
    expect(fromActive).toMatchObject({ partnerId: p1.id, disabledPartnerId: null });

    const list = (await call('GET', `${base}?disabled_partner=true&limit=100`)).json().data;
    const ids = list.items.map((item: { id: string }) => item.id);
    expect(ids).toContain(flagged.publicId);
    expect(ids).not.toContain(fromActive.publicId);
    expect(list.items.find((item: { id: string }) => item.id === flagged.publicId)).toMatchObject({
      partner: null,
      disabled_partner: { id: partner.id, name: 'Dora Disabled', email: partner.email },
    });
    const unfiltered = (await call('GET', `${base}?q=${encodeURIComponent('Active Link Deli')}`)).json().data;
    expect(unfiltered.items).toMatchObject([{ id: fromActive.publicId, disabled_partner: null }]);

    // Enabling the partner again does not hide which lead went unattributed; their next lead is theirs.
    expect((await userAction(partner.id, 'enable')).statusCode).toBe(200);
    const detail = (await call('GET', `${base}/${flagged.publicId}`)).json().data;
    expect(detail).toMatchObject({ partner: null, disabled_partner: { id: partner.id, name: 'Dora Disabled' } });
    const afterEnable = await submitThrough(partner.uuid, 'Welcome Back Bakery');
    expect(afterEnable).toMatchObject({ partnerId: partner.id, disabledPartnerId: null });
    expect((await call('GET', `${base}?disabled_partner=true&partner_id=${partner.id}`)).json().data.items).toEqual([]);
  });

  it('refuses a malformed filter value', async () => {
    const res = await call('GET', `${base}?disabled_partner=yes`);
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /admin/leads/export.csv', () => {
  it('streams the filtered leads as CSV with formulas neutralised, and audits the export', async () => {
    const partner = await createPartner(ctx.db, { fullName: '=Evil Partner' });
    await createLead(ctx.db, {
      partnerId: partner.id,
      company: '=HYPERLINK("http://x","click")',
      firstName: '+Bob',
      lastName: '-Smith',
      notes: '@SUM(A1:A9)\nline two, "quoted"',
    });
    await createLead(ctx.db, { partnerId: partner.id, company: '\tTabbed', status: 'contacted' });
    const res = await call('GET', `${base}/export.csv?partner_id=${partner.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="referrals-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(res.body);
    const header = rows[0]!;
    expect(header).toEqual([
      'ID',
      'Submitted at',
      'Business',
      'First name',
      'Last name',
      'Email',
      'Phone',
      'Industry',
      'Notes',
      'Partner',
      'Partner email',
      'Source',
      'Status',
      'Status changed at',
      'MID',
      'CRM sync',
      'CRM ID',
    ]);
    const records = rows.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ Business: "'\tTabbed", Status: 'Contacted', Partner: "'=Evil Partner" });
    expect(records[1]).toMatchObject({
      Business: `'=HYPERLINK("http://x","click")`,
      'First name': "'+Bob",
      'Last name': "'-Smith",
      Notes: `'@SUM(A1:A9)\nline two, "quoted"`,
      // A phone is text: the quote keeps its plus sign from being read as a number.
      Phone: "'+14155550123",
      Status: 'New',
      Source: 'Referral link',
    });
    for (const cell of rows.flat().filter((c) => !/^[+-]?\d+$/.test(c))) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'lead.export'))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(entry).toMatchObject({ actorId: admin.id, targetType: 'lead', after: { filters: { partner_id: partner.id } } });
  });

  it('streams thousands of rows in keyset batches, each once', async () => {
    const partner = await createPartner(ctx.db);
    await ctx.db.execute(sql`
      insert into leads (referral_uuid, partner_id, first_name, email, company, business_type, country_code, phone_digits, title, notes, description, sms_consent, marketing_consent, consent_text_version, ip_hash, source, created_at)
      select 'x', ${partner.id}, 'M', 'bulk-' || g || '-' || ${partner.id} || '@shop.example', 'Shop ' || g, 'Retail', '+1', '4155550123', '+14155550123', '', '', true, true, 'v1', 'h', 'landing_page',
             timestamptz '2026-06-01 00:00:00+00' + ((g / 7) * interval '1 second')
      from generate_series(1, 2600) g`);
    const res = await call('GET', `${base}/export.csv?partner_id=${partner.id}`);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body).slice(1);
    expect(rows).toHaveLength(2600);
    expect(new Set(rows.map((r) => r[0])).size).toBe(2600);
  });
});

describe('GET /admin/leads/partners', () => {
  it('finds partners by name or email, never admins', async () => {
    const res = await call('GET', `${base}/partners?q=paula`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([{ id: p1.id, name: 'Paula First', email: p1.email }]);
    const byEmail = await call('GET', `${base}/partners?q=${encodeURIComponent(p2.email.toUpperCase())}`);
    expect(byEmail.json().data.items).toEqual([{ id: p2.id, name: 'Peter Second', email: p2.email }]);
    // The admin's full name: "Ada" alone is found in a partner's random email now and then (partner-beada92f@…).
    expect((await call('GET', `${base}/partners?q=${encodeURIComponent('Ada Admin')}`)).json().data.items).toEqual([]);
    expect((await call('GET', `${base}/partners`)).json().data.items.length).toBeLessThanOrEqual(20);
  });
});

describe('GET /admin/audit', () => {
  it('lists admin writes newest first with the actor, filtered and paged by cursor', async () => {
    const other = await createAdmin(ctx.db, { fullName: 'Otto Other' });
    const otherToken = await createSession(ctx.db, other.id);
    const lead = await createLead(ctx.db);
    await call('POST', `${base}/${lead.publicId}/notes`, { note: 'one' }, otherToken);
    await call('POST', `${base}/${lead.publicId}/notes`, { note: 'two' }, otherToken);
    await call('POST', `${base}/${lead.publicId}/status`, { status: 'contacted', expected_status: 'new' }, otherToken);

    const first = await call('GET', `/api/v1/admin/audit?actor_id=${other.id}&limit=2`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json().data;
    expect(page1.items).toMatchObject([
      {
        action: 'lead.status',
        target_type: 'lead',
        target_id: lead.publicId,
        actor: { id: other.id, name: 'Otto Other', email: other.email },
        before: { status: 'new' },
      },
      { action: 'lead.note', after: { note: 'two' } },
    ]);
    const page2 = (await call('GET', `/api/v1/admin/audit?actor_id=${other.id}&limit=2&cursor=${page1.next_cursor}`)).json().data;
    expect(page2.items).toMatchObject([{ action: 'lead.note', after: { note: 'one' } }]);
    expect(page2.next_cursor).toBeNull();

    const notes = (await call('GET', `/api/v1/admin/audit?action=lead.note&actor_id=${other.id}`)).json().data.items;
    expect(notes).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await call('GET', `/api/v1/admin/audit?target_type=lead&actor_id=${other.id}&from=${today}&to=${today}`)).json().data
        .items,
    ).toHaveLength(3);
    expect((await call('GET', `/api/v1/admin/audit?actor_id=${other.id}&to=2020-01-01`)).json().data.items).toEqual([]);
  });

  it('records who retried failed CRM pushes', async () => {
    const payload = composeLeadPayload(buildReferralForm(), p1.uuid);
    const id = (await ctx.app.inject({ method: 'POST', url: '/api/v1/leads/referral/by-uuid', payload })).json().leadData.data[0]
      .details.id as string;
    const [lead] = await ctx.db.select().from(leads).where(eq(leads.publicId, id));
    await ctx.db.update(outbox).set({ status: 'failed', attempts: 8, lastError: 'HTTP 500' }).where(eq(outbox.leadId, lead!.id));
    const res = await call('POST', `${base}/outbox/retry`, { leadIds: [id] });
    expect(res.json()).toEqual({ status: 'success', data: { retried: 1 } });
    expect(await auditOf(id, 'lead.retry')).toMatchObject([
      {
        actorId: admin.id,
        targetType: 'lead',
        before: { sync_state: 'failed', last_error: 'HTTP 500' },
        after: { sync_state: 'pending' },
      },
    ]);
  });
});
