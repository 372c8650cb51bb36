import Fastify from 'fastify';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { composeLeadPayload } from '@portal/contract';
import { openDatabase } from '../../db';
import { leadEvents, leads, outbox } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { createPartner } from '../../../test/factories';
import type { CrmConnector } from './crm/crm-connector';
import { createNoneConnector } from './crm/none-connector';
import { createZohoConnector } from './crm/zoho-connector';
import { submitLead } from './leads-service';
import {
  createOutboxProcessor,
  startOutboxWorker,
  type OutboxProcessorOptions,
  type OutboxWorkerOptions,
} from '../../lib/outbox';
import { crmHandlers, noteTitle, retryFailedLeads } from './crm-push';
import { FAKE_ZOHO_CREDENTIALS, startFakeZoho, type FakeZoho } from './testing/fake-zoho';
import { buildReferralForm } from '@portal/contract/testing';

let ctx: TestContext;
let zoho: FakeZoho;
let partner: Awaited<ReturnType<typeof createPartner>>;

beforeAll(async () => {
  [ctx, zoho] = await Promise.all([createTestContext(), startFakeZoho()]);
  partner = await createPartner(ctx.db, { fullName: 'Pat Partner', email: 'pat@partners.example' });
});
afterAll(async () => {
  await zoho.close();
  await ctx.close();
});
afterEach(async () => {
  zoho.reset();
  await ctx.db.delete(leads);
});

/** A generous time-out, so a busy test machine never looks like an outage; hang tests pass a short one. */
const zohoConnector = (timeoutMs = 3_000) =>
  createZohoConnector({ ...FAKE_ZOHO_CREDENTIALS, accountsUrl: zoho.url, apiUrl: zoho.url, timeoutMs });

/** Backoff in milliseconds, so retries happen within a test. */
const fast = { backoffBaseMs: 5, backoffCapMs: 20 } as const;

const processor = (connector: CrmConnector, opts: Partial<OutboxProcessorOptions> = {}) =>
  createOutboxProcessor(ctx.db, { handlers: crmHandlers(connector), log: ctx.app.log, ...fast, ...opts });

const startLeadWorker = (connector: CrmConnector, opts: Partial<OutboxWorkerOptions> = {}) =>
  startOutboxWorker(ctx.db, { handlers: crmHandlers(connector), log: ctx.app.log, ...opts });

async function createLeads(count: number): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const form = buildReferralForm({ description: 'Private notes of the merchant' });
    await submitLead(ctx.db, ctx.config, composeLeadPayload(form, partner.uuid), { ip: '203.0.113.1', user: null });
    emails.push(form.email);
  }
  return emails;
}

const allLeads = () => ctx.db.select().from(leads).orderBy(leads.id);
// The CRM's entries (each lead also has its lead.created entry, which these workers do not run).
const allEntries = () => ctx.db.select().from(outbox).where(like(outbox.action, 'crm.%')).orderBy(outbox.id);

// Generous: it returns as soon as the check holds, and a loaded 2-core machine can take seconds.
async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Every lead created in Zoho exactly once, with exactly one note. */
function expectDeliveredOnce(emails: string[]): void {
  expect(zoho.leads.map((l) => l.record.Email).sort()).toEqual([...emails].sort());
  expect(zoho.requests.filter((r) => r.route === 'insert').length).toBeGreaterThanOrEqual(emails.length);
  for (const lead of zoho.leads) expect(lead.notes, String(lead.record.Email)).toHaveLength(1);
}

const synced = async () => (await allLeads()).every((l) => l.syncState === 'synced');

describe('outbox processing', () => {
  it('settles leads as skipped when CRM=none, without any call', async () => {
    await createLeads(2);
    expect(await processor(createNoneConnector()).processDue()).toBe(2);
    expect((await allLeads()).map((l) => l.syncState)).toEqual(['skipped', 'skipped']);
    expect((await allEntries()).map((e) => e.status)).toEqual(['done', 'done']);
    expect(zoho.requests).toHaveLength(0);
  });

  it('pushes a lead and its note to Zoho and records both ids', async () => {
    await createLeads(1);
    await processor(zohoConnector()).processDue();

    const [lead] = await allLeads();
    const [remote] = zoho.leads;
    expect(lead).toMatchObject({ syncState: 'synced', crmId: remote!.id, crmNoteId: remote!.notes[0]!.id });
    expect(remote!.notes[0]!.Note_Title).toBe(noteTitle(lead!));
    expect(remote!.notes[0]!.Note_Content).toContain(lead!.description);
    expect(remote!.notes[0]!.Note_Content).toContain('Referred by: Pat Partner <pat@partners.example>');
    expect(await allEntries()).toMatchObject([{ status: 'done', attempts: 1, lastError: null, lockedUntil: null }]);
    expect(await ctx.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead!.id)).orderBy(leadEvents.id)).toMatchObject([
      { kind: 'created' },
      {
        kind: 'crm_sync',
        actorId: null,
        actorLabel: 'System',
        visibleToPartner: false,
        data: { state: 'synced', crm_id: remote!.id },
      },
    ]);
  });

  it('links a lead to the existing Zoho record on DUPLICATE_DATA and adds the note there', async () => {
    const [email] = await createLeads(1);
    const existing = await zohoConnector().createLead(
      {
        uuid: '',
        First_Name: 'A',
        Last_Name: 'B',
        Email: email!.toUpperCase(),
        Company: 'C',
        Business_Type: 'D',
        Title: '',
        Description: '',
      },
      'seed',
    );
    await processor(zohoConnector()).processDue();
    expect(await allLeads()).toMatchObject([{ crmId: existing.id, syncState: 'synced' }]);
    expect(zoho.leads).toHaveLength(1);
    expect(zoho.leads[0]!.notes).toHaveLength(1);
  });

  it('delivers every lead exactly once through an outage, without logging lead contents', async () => {
    const emails = await createLeads(6);
    zoho.inject('insert', 'http500', 2);
    zoho.inject('insert', 'http429', 2);
    zoho.inject('insert', 'hang');
    zoho.inject('insert', 'recordThenHang');
    zoho.inject('insert', 'invalidToken');
    zoho.inject('note', 'http500');
    zoho.inject('note', 'recordThenHang');
    const lines: string[] = [];
    const log = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } }).log;

    const worker = startLeadWorker(zohoConnector(200), { log, pollIntervalMs: 10, ...fast });
    await waitFor(synced);
    await worker.stop();

    expectDeliveredOnce(emails);
    expect(zoho.counts).toMatchObject({ insert: 6, note: 6 });
    expect((await allEntries()).every((e) => e.status === 'done')).toBe(true);
    expect(lines.some((l) => l.includes('will retry'))).toBe(true);
    for (const line of lines) {
      expect(line).not.toContain('@shop.example');
      expect(line).not.toContain('Private notes');
    }
  });

  it('creates no second Zoho lead or note when the worker failed right after Zoho stored them', async () => {
    const [email] = await createLeads(1);
    const real = zohoConnector();
    let crashes = 0;
    const crashing: CrmConnector = {
      ...real,
      async createLead(lead, key) {
        await real.createLead(lead, key);
        crashes++;
        throw new Error('process crashed before saving crm_id');
      },
      async createNote(id, title, content) {
        await real.createNote(id, title, content);
        crashes++;
        throw new Error('process crashed before saving crm_note_id');
      },
    };
    const worker = processor(crashing, { random: () => 0 });
    await worker.processDue();

    expect(crashes).toBe(2);
    expect(zoho.leads.map((l) => l.record.Email)).toEqual([email]);
    expect(zoho.leads[0]!.notes).toHaveLength(1);
    expect(await allLeads()).toMatchObject([
      { syncState: 'synced', crmId: zoho.leads[0]!.id, crmNoteId: zoho.leads[0]!.notes[0]!.id },
    ]);
    expect(await allEntries()).toMatchObject([{ status: 'done', attempts: 3 }]);
  });

  it('lets another worker finish an entry whose worker died mid-call, once its lease expired', async () => {
    const [email] = await createLeads(1);
    const real = zohoConnector();
    // The first worker "dies": Zoho stores the lead but the worker never gets past the call.
    const dying: CrmConnector = {
      ...real,
      createLead: (lead, key) => real.createLead(lead, key).then(() => new Promise(() => {})),
    };
    void processor(dying).processDue();
    await waitFor(() => zoho.counts.insert === 1);

    const beforeLease = processor(real);
    expect(await beforeLease.processDue()).toBe(0);
    const afterLease = processor(real, { now: () => Date.now() + 3 * 60_000 + 1_000 });
    expect(await afterLease.processDue()).toBe(1);

    expect(zoho.leads.map((l) => l.record.Email)).toEqual([email]);
    expect(zoho.requests.filter((r) => r.route === 'insert')).toHaveLength(1);
    expect(await allLeads()).toMatchObject([{ syncState: 'synced', crmId: zoho.leads[0]!.id }]);
  });

  it('fails at once on a rejected lead and after the last attempt on an outage; an admin retry delivers both', async () => {
    await createLeads(1);
    zoho.inject('insert', 'invalidData');
    await processor(zohoConnector()).processDue();
    expect(await allEntries()).toMatchObject([
      { status: 'failed', attempts: 1, lastError: 'Zoho lead insert failed: HTTP 400 INVALID_DATA' },
    ]);
    expect(await allLeads()).toMatchObject([{ syncState: 'failed' }]);
    expect(await ctx.db.select().from(leadEvents).where(eq(leadEvents.kind, 'crm_sync'))).toMatchObject([
      { data: { state: 'failed', error: 'Zoho lead insert failed: HTTP 400 INVALID_DATA' } },
    ]);

    await createLeads(1);
    zoho.inject('insert', 'http500', 10);
    await processor(zohoConnector(), { maxAttempts: 3, random: () => 0 }).processDue();
    expect((await allEntries())[1]).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'Zoho lead insert failed: HTTP 500 INTERNAL_ERROR',
    });
    expect((await allLeads()).map((l) => l.syncState)).toEqual(['failed', 'failed']);

    zoho.clearFaults();
    expect(await retryFailedLeads(ctx.db)).toBe(2);
    expect(await processor(zohoConnector()).processDue()).toBe(2);
    expect(await synced()).toBe(true);
    expect(zoho.counts.insert).toBe(2);
  });

  it("pauses every CRM push until the time a 429's Retry-After gave, then drains the backlog", async () => {
    const emails = await createLeads(3);
    let now = Date.now();
    zoho.retryAfter = '30';
    zoho.inject('insert', 'http429');
    const worker = processor(zohoConnector(), { concurrency: 1, now: () => now });
    await worker.processDue();
    // One refused call; the other leads were not tried inside the window.
    expect(zoho.requests.filter((r) => r.route === 'insert')).toHaveLength(1);
    expect(zoho.leads).toHaveLength(0);
    const [first] = await allEntries();
    expect(first!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(now + 30_000);

    now += 29_000;
    await worker.processDue();
    expect(zoho.requests.filter((r) => r.route === 'insert')).toHaveLength(1);

    now += 1_001;
    await worker.processDue();
    expectDeliveredOnce(emails);
    expect(await synced()).toBe(true);
  });

  it('backs off exponentially with full jitter, up to the cap', async () => {
    await createLeads(1);
    zoho.inject('insert', 'http500', 10);
    let now = Date.now();
    const worker = processor(zohoConnector(), { backoffBaseMs: 1_000, backoffCapMs: 5_000, random: () => 0.5, now: () => now });
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      await worker.processDue();
      const [entry] = await allEntries();
      delays.push(entry!.nextAttemptAt.getTime() - now);
      now = entry!.nextAttemptAt.getTime();
    }
    expect(delays).toEqual([500, 1_000, 2_000, 2_500]);
  });
});

describe('lead worker', () => {
  it('takes a new lead on its next poll, never woken per request, and stop() waits for the entry in hand', async () => {
    zoho.latencyMs = 100;
    const idle = startLeadWorker(zohoConnector(), { pollIntervalMs: 60_000 });
    await new Promise((r) => setTimeout(r, 20)); // the first pass finds nothing and sleeps
    await createLeads(1);
    await new Promise((r) => setTimeout(r, 300));
    // Accepting the lead did not run the worker: it claims on its own schedule, in batches.
    expect(zoho.requests).toHaveLength(0);
    await idle.stop();

    const worker = startLeadWorker(zohoConnector(), { pollIntervalMs: 50 });
    await waitFor(() => zoho.requests.some((r) => r.route === 'insert'));
    await worker.stop();
    expect(await allEntries()).toMatchObject([{ status: 'done' }]);
    expect(await allLeads()).toMatchObject([{ syncState: 'synced' }]);
  });

  it('leaves pending work in the database for the next worker after a restart', async () => {
    const emails = await createLeads(2);
    zoho.inject('insert', 'http500', 1_000);
    const first = startLeadWorker(zohoConnector(), { pollIntervalMs: 10, maxAttempts: 1_000, ...fast });
    await waitFor(async () => (await allEntries()).every((e) => e.attempts >= 2));
    await first.stop();
    expect((await allEntries()).map((e) => e.status)).toEqual(['pending', 'pending']);

    zoho.clearFaults();
    const second = startLeadWorker(zohoConnector(), { pollIntervalMs: 10, ...fast });
    await waitFor(synced);
    await second.stop();
    expectDeliveredOnce(emails);
  });

  it('survives an unexpected error in a pass and carries on', async () => {
    await createLeads(1);
    const real = zohoConnector();
    let failures = 1;
    const flaky = Object.create(real, {
      syncsLeads: {
        get() {
          if (failures-- > 0) throw new Error('unexpected bug');
          return true;
        },
      },
    }) as CrmConnector;
    const worker = startLeadWorker(flaky, { pollIntervalMs: 10, ...fast });
    await waitFor(synced);
    await worker.stop();
    expect(zoho.counts.insert).toBe(1);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('two instances on one PostgreSQL', () => {
  it('never push the same lead twice', async () => {
    const {
      rows: [{ name }],
    } = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as { rows: [{ name: string }] };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const second = await openDatabase({ url: url.toString() });
    try {
      const emails = await createLeads(20);
      zoho.latencyMs = 15;
      const a = createOutboxProcessor(ctx.db, { handlers: crmHandlers(zohoConnector()), log: ctx.app.log });
      const b = createOutboxProcessor(second.db, { handlers: crmHandlers(zohoConnector()), log: ctx.app.log });
      const [handledByA, handledByB] = await Promise.all([a.processDue(), b.processDue()]);

      expect(handledByA + handledByB).toBe(20);
      expect(handledByA).toBeGreaterThan(0);
      expect(handledByB).toBeGreaterThan(0);
      expect(zoho.requests.filter((r) => r.route === 'insert')).toHaveLength(20);
      expect(zoho.requests.filter((r) => r.route === 'note')).toHaveLength(20);
      expectDeliveredOnce(emails);
      expect(await synced()).toBe(true);
    } finally {
      await second.close();
    }
  });
});
