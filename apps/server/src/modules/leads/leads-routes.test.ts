import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeLeadPayload, messages, settingKeys, type CreateLeadRequest } from '@portal/contract';
import { leadEvents, leads, outbox, settings } from '../../db/schema';
import { createSession } from '../../lib/sessions';
import { PUSH_LEAD } from './crm-push';
import { createTestContext, zohoTestEnv, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createPartner } from '../../../test/factories';
import { runLeadFanOut } from '../../../test/lead-fixtures';
import { buildReferralForm } from '@portal/contract/testing';

const m = messages.referral;
let ctx: TestContext;
let partner: Awaited<ReturnType<typeof createPartner>>;

// A CRM that takes leads (no worker runs in tests, so nothing calls it); CRM=none is tested below.

beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMITS: 'on', ...zohoTestEnv });
  partner = await createPartner(ctx.db, { facebookPixelId: '1234567890' });
});
afterAll(() => ctx.close());

let seq = 0;
/** Each request from its own address unless a test is about the per-IP limit. */
const nextIp = () => `10.1.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`;

const form = buildReferralForm;

function submit(payload: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/leads/referral/by-uuid',
    payload: payload as object,
    remoteAddress: opts.ip ?? nextIp(),
    headers: opts.headers,
  });
}

const leadByEmail = async (email: string) =>
  (
    await ctx.db
      .select()
      .from(leads)
      .where(sql`lower(${leads.email}) = lower(${email})`)
  )[0];

describe('POST /leads/referral/by-uuid', () => {
  it('stores the lead for the partner with its consent proof and answers with the lead id at once', async () => {
    const payload = composeLeadPayload(form({ fullName: 'Maria de la Cruz' }), partner.uuid, {
      consentTextVersion: 'v1:+1 555 0100',
    });
    const before = Date.now();
    const res = await submit(payload, { ip: '203.0.113.7' });

    expect(res.statusCode).toBe(201);
    const body = res.json();
    const lead = (await leadByEmail(payload.Email))!;
    expect(body).toEqual({
      status: 'success',
      leadData: { data: [{ code: 'SUCCESS', message: 'Lead created', details: { id: lead.publicId } }] },
      noteData: { data: [{ code: 'SUCCESS', message: 'Note created', details: { id: lead.publicId } }] },
    });
    expect(lead).toMatchObject({
      partnerId: partner.id,
      referralUuid: partner.uuid,
      firstName: 'Maria',
      lastName: 'de la Cruz',
      company: 'Corner Shop',
      businessType: 'Retail',
      countryCode: '+1',
      phoneDigits: '4155550123',
      title: '+14155550123',
      notes: 'Call after 5pm',
      description: 'SMS Consent: Yes\nMarketing Consent: Yes\nAdditional Notes: Call after 5pm',
      smsConsent: true,
      marketingConsent: true,
      consentTextVersion: 'v1:+1 555 0100',
      source: 'landing_page',
      syncState: 'pending',
      crmId: null,
    });
    expect(lead.smsConsentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(lead.marketingConsentAt!.getTime()).toBe(lead.smsConsentAt!.getTime());
    expect(lead.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(lead.ipHash).not.toContain('203.0.113.7');
    const entries = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.leadId, lead.id), eq(outbox.action, PUSH_LEAD)));
    expect(entries).toMatchObject([{ status: 'pending', attempts: 0 }]);
  });

  it('reads phone and consent from Title and Description when only the spec fields are sent', async () => {
    const {
      countryCode: _c,
      phoneNumber: _p,
      smsConsent: _s,
      marketingConsent: _m,
      notes: _n,
      ...specOnly
    } = composeLeadPayload(
      form({ countryCode: '+353', phoneNumber: '861234567', description: 'Line one\nLine two' }),
      partner.uuid,
    );
    const res = await submit(specOnly);
    expect(res.statusCode).toBe(201);
    expect(await leadByEmail(specOnly.Email)).toMatchObject({
      countryCode: '+353',
      phoneDigits: '861234567',
      title: '+353861234567',
      smsConsent: true,
      marketingConsent: true,
      notes: 'Line one\nLine two',
    });
  });

  it('records the support phone shown in the consent text when the client does not say', async () => {
    const first = composeLeadPayload(form(), partner.uuid);
    await submit(first);
    expect((await leadByEmail(first.Email))!.consentTextVersion).toBe('v1:');

    await ctx.db.insert(settings).values({ key: settingKeys.supportPhone, value: '+1 (888) 555-0100' });
    const second = composeLeadPayload(form(), partner.uuid);
    await submit(second);
    expect((await leadByEmail(second.Email))!.consentTextVersion).toBe('v1:+1 (888) 555-0100');
    await ctx.db.delete(settings).where(eq(settings.key, settingKeys.supportPhone));
  });

  describe('validation', () => {
    const valid = () => composeLeadPayload(form(), partner.uuid);

    async function errorsFor(payload: unknown) {
      const res = await submit(payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.status).toBe('error');
      expect(Object.values(body.errors)).toContain(body.message);
      return body.errors as Record<string, string>;
    }

    it('names every missing required field with the form messages', async () => {
      expect(await errorsFor({})).toEqual({
        uuid: m.invalidLink,
        First_Name: m.fullNameRequired,
        Email: m.emailRequired,
        Company: m.businessNameRequired,
        Business_Type: m.industryRequired,
        Title: m.phoneRequired,
        Description: m.notesRequired,
      });
    });

    it('rejects blank strings like missing ones', async () => {
      const errors = await errorsFor({ ...valid(), First_Name: '  ', Company: '', Business_Type: ' ', Email: ' ' });
      expect(errors).toEqual({
        First_Name: m.fullNameRequired,
        Company: m.businessNameRequired,
        Business_Type: m.industryRequired,
        Email: m.emailRequired,
      });
    });

    it('rejects a malformed email', async () => {
      expect(await errorsFor({ ...valid(), Email: 'maria@' })).toEqual({ Email: m.emailInvalid });
    });

    it.each([
      ['', m.phoneRequired],
      ['0415555012', m.phoneLeadingZero],
      ['415-555-0123', m.phoneDigitsOnly],
      ['12345', m.phoneTooShort],
      ['1234567890123456', m.phoneTooLong],
    ])('checks the structured phone number %j', async (phoneNumber, message) => {
      expect(await errorsFor({ ...valid(), phoneNumber })).toEqual({ phoneNumber: message });
    });

    it.each([
      ['+10415555012', m.phoneLeadingZero],
      ['+1415-555-0123', m.phoneDigitsOnly],
      ['+112345', m.phoneTooShort],
      ['+11234567890123456', m.phoneTooLong],
      ['4155550123', m.countryCodeRequired],
      ['+999123456789', m.countryCodeRequired],
    ])('checks the phone in a Title %j when no structured phone is sent', async (Title, message) => {
      const { countryCode: _c, phoneNumber: _p, ...payload } = valid();
      expect(await errorsFor({ ...payload, Title })).toEqual({ Title: message });
    });

    it('requires a known dial code', async () => {
      expect(await errorsFor({ ...valid(), countryCode: '+999' })).toEqual({ countryCode: m.countryCodeRequired });
    });

    it('requires both consents, structured or in the Description', async () => {
      expect(await errorsFor({ ...valid(), smsConsent: false, marketingConsent: false })).toEqual({
        smsConsent: m.smsConsentRequired,
        marketingConsent: m.marketingConsentRequired,
      });
      const { smsConsent: _s, marketingConsent: _m, ...payload } = valid();
      expect(
        await errorsFor({ ...payload, Description: 'SMS Consent: Yes\nMarketing Consent: No\nAdditional Notes: x' }),
      ).toEqual({
        Description: m.marketingConsentRequired,
      });
    });

    it('requires notes when sent as a field', async () => {
      expect(await errorsFor({ ...valid(), notes: '  ' })).toEqual({ notes: m.notesRequired });
    });

    it('limits the length of every string', async () => {
      const long = (n: number) => 'x'.repeat(n);
      const errors = await errorsFor({
        ...valid(),
        uuid: long(65),
        First_Name: long(201),
        Last_Name: long(201),
        Company: long(201),
        Business_Type: long(101),
        notes: long(5001),
        website: long(501),
        consentTextVersion: long(101),
      });
      expect(errors).toEqual({
        uuid: m.invalidLink,
        First_Name: 'Must be at most 200 characters',
        Last_Name: 'Must be at most 200 characters',
        Company: 'Must be at most 200 characters',
        Business_Type: 'Must be at most 100 characters',
        notes: 'Must be at most 5000 characters',
        website: 'Must be at most 500 characters',
        consentTextVersion: 'Must be at most 100 characters',
      });
    });

    it('refuses a body over 16 KB', async () => {
      const res = await submit({ ...valid(), Description: 'x'.repeat(17 * 1024) });
      expect(res.statusCode).toBe(413);
      expect(res.json().status).toBe('error');
    });
  });

  it('answers DUPLICATE_DATA with the existing lead id for the same email in any case, from any partner', async () => {
    const other = await createPartner(ctx.db);
    const first = composeLeadPayload(form({ email: 'Owner@Shop.example' }), partner.uuid);
    const original = (await submit(first)).json().leadData.data[0].details.id as string;

    const res = await submit(composeLeadPayload(form({ email: 'owner@SHOP.example' }), other.uuid));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 'error',
      message: m.duplicate(original),
      errors: { Email: m.duplicate(original) },
      leadData: { data: [{ code: 'DUPLICATE_DATA', message: 'duplicate data', details: { id: original } }] },
    });
    const rows = await ctx.db
      .select()
      .from(leads)
      .where(sql`lower(${leads.email}) = 'owner@shop.example'`);
    expect(rows).toHaveLength(1);
  });

  it('lets exactly one of several simultaneous submissions of one email in', async () => {
    const payload = composeLeadPayload(form(), partner.uuid);
    const responses = await Promise.all(Array.from({ length: 5 }, () => submit(payload)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const ids = new Set(responses.map((r) => r.json().leadData.data[0].details.id));
    expect(ids.size).toBe(1);
    const lead = (await leadByEmail(payload.Email))!;
    expect(
      await ctx.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.leadId, lead.id), eq(outbox.action, PUSH_LEAD))),
    ).toHaveLength(1);
  });

  it('keeps a lead from an unknown or malformed link, unattributed', async () => {
    for (const uuid of ['7d5e8f0a-1111-4222-8333-944455556666', 'not-a-uuid']) {
      const payload = composeLeadPayload(form(), uuid);
      expect((await submit(payload)).statusCode).toBe(201);
      expect(await leadByEmail(payload.Email)).toMatchObject({ partnerId: null, referralUuid: uuid });
    }
  });

  it('keeps a lead from a disabled partner unattributed', async () => {
    const disabled = await createPartner(ctx.db, { status: 'disabled' });
    const payload = composeLeadPayload(form(), disabled.uuid);
    expect((await submit(payload)).statusCode).toBe(201);
    expect(await leadByEmail(payload.Email)).toMatchObject({ partnerId: null, referralUuid: disabled.uuid });
  });

  it("credits a signed-in partner's own submission to that partner, whatever the link", async () => {
    const submitter = await createPartner(ctx.db);
    const token = await createSession(ctx.db, submitter.id);
    const payload = composeLeadPayload(form(), partner.uuid);
    expect((await submit(payload, { headers: bearer(token) })).statusCode).toBe(201);
    expect(await leadByEmail(payload.Email)).toMatchObject({ partnerId: submitter.id, source: 'portal' });

    const admin = await createAdmin(ctx.db);
    const adminPayload = composeLeadPayload(form(), partner.uuid);
    await submit(adminPayload, { headers: bearer(await createSession(ctx.db, admin.id)) });
    expect(await leadByEmail(adminPayload.Email)).toMatchObject({ partnerId: partner.id, source: 'landing_page' });
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const countEntries = async () => (await ctx.db.select({ count: sql<number>`count(*)::int` }).from(outbox))[0]!.count;
    const before = await countEntries();
    const payload: CreateLeadRequest = { ...composeLeadPayload(form(), partner.uuid), website: 'http://spam.example' };
    const res = await submit(payload);
    expect(res.statusCode).toBe(201);
    expect(res.json().leadData.data[0]).toMatchObject({ code: 'SUCCESS', message: 'Lead created' });
    expect(await leadByEmail(payload.Email)).toBeUndefined();
    expect(await countEntries()).toBe(before);
  });

  it('stores markup as plain text, verbatim', async () => {
    const payload = composeLeadPayload(
      form({ businessName: '<img src=x onerror=alert(1)>', description: '<script>alert("x")</script> & <b>bold</b>' }),
      partner.uuid,
    );
    expect((await submit(payload)).statusCode).toBe(201);
    expect(await leadByEmail(payload.Email)).toMatchObject({
      company: '<img src=x onerror=alert(1)>',
      notes: '<script>alert("x")</script> & <b>bold</b>',
    });
  });

  it('answers 429 past 20 submissions from one IP in 10 minutes', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < 20; i++) expect((await submit({}, { ip })).statusCode).toBe(400);
    const res = await submit(composeLeadPayload(form(), partner.uuid), { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ status: 'error', message: messages.http.tooManyRequests });
    expect((await submit(composeLeadPayload(form(), partner.uuid), { ip: '198.51.100.21' })).statusCode).toBe(201);
  });
});

describe('POST /leads/admin/outbox/retry', () => {
  it('puts failed CRM pushes back to pending, for admins only', async () => {
    const payload = composeLeadPayload(form(), partner.uuid);
    await submit(payload);
    const lead = (await leadByEmail(payload.Email))!;
    await ctx.db.update(outbox).set({ status: 'failed', attempts: 8, lastError: 'HTTP 500' }).where(eq(outbox.leadId, lead.id));
    await ctx.db.update(leads).set({ syncState: 'failed' }).where(eq(leads.id, lead.id));

    const url = '/api/v1/leads/admin/outbox/retry';
    expect((await ctx.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    const partnerToken = await createSession(ctx.db, partner.id);
    expect((await ctx.app.inject({ method: 'POST', url, payload: {}, headers: bearer(partnerToken) })).statusCode).toBe(403);

    const admin = await createAdmin(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      payload: { leadIds: [lead.publicId] },
      headers: bearer(await createSession(ctx.db, admin.id)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { retried: 1 } });
    expect(
      await ctx.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.leadId, lead.id), eq(outbox.action, PUSH_LEAD))),
    ).toMatchObject([{ status: 'pending', attempts: 0, lastError: 'HTTP 500' }]);
    expect(await leadByEmail(payload.Email)).toMatchObject({ syncState: 'pending' });
  });
});

describe('POST /leads/referral/by-uuid with CRM=none', () => {
  let none: TestContext;
  beforeAll(async () => {
    none = await createTestContext();
  });
  afterAll(() => none.close());

  it('stores the lead as skipped with no CRM entry, in one statement, and still queues its mails', async () => {
    const owner = await createPartner(none.db, { fullName: 'Nora None' });
    const admin = await createAdmin(none.db);
    // Every statement the app sends while the lead is accepted, counted at the driver.
    // (the node-postgres pool takes queries through query(), PGlite's group commit through
    // execProtocol(); a transaction would need PGlite's transaction() or a pool client from
    // connect(), each counted as well). A first lead prepares the statement (once per connection).
    const warmUp = composeLeadPayload(form(), owner.uuid, { consentTextVersion: 'v1:' });
    expect((await none.app.inject({ method: 'POST', url: '/api/v1/leads/referral/by-uuid', payload: warmUp })).statusCode).toBe(
      201,
    );
    const statements: string[] = [];
    let inQuery = false;
    type Fn = (...args: unknown[]) => unknown;
    const client = (none.db as unknown as { $client: unknown }).$client as Record<
      'query' | 'transaction' | 'connect' | 'execProtocol',
      Fn | undefined
    >;
    const originals = {
      query: client.query,
      transaction: client.transaction,
      connect: client.connect,
      execProtocol: client.execProtocol,
    };
    for (const name of ['query', 'transaction', 'connect', 'execProtocol'] as const) {
      const original = originals[name];
      if (!original) continue;
      client[name] = function (this: unknown, ...args: unknown[]) {
        const text = args[0];
        // pg's pool.query() takes a client through connect() itself: that is the same statement.
        if (!(name === 'connect' && inQuery)) {
          statements.push(name !== 'query' ? name : typeof text === 'string' ? text : String((text as { text?: string })?.text));
        }
        inQuery = name === 'query';
        try {
          return original.apply(this, args);
        } finally {
          inQuery = false;
        }
      };
    }
    const payload = composeLeadPayload(form(), owner.uuid, { consentTextVersion: 'v1:' });
    let res;
    try {
      res = await none.app.inject({
        method: 'POST',
        url: '/api/v1/leads/referral/by-uuid',
        payload,
        remoteAddress: '203.0.113.9',
      });
    } finally {
      Object.assign(client, originals);
    }
    expect(res.statusCode).toBe(201);
    expect(statements).toHaveLength(1);
    // PGlite binds the prepared statement: a protocol message, not its text.
    if (!originals.execProtocol) expect(statements[0]).toMatch(/^with new_lead as/);

    const lead = (
      await none.db
        .select()
        .from(leads)
        .where(sql`lower(${leads.email}) = lower(${payload.Email})`)
    )[0]!;
    expect(lead).toMatchObject({ partnerId: owner.id, syncState: 'skipped' });
    const entries = async () =>
      (await none.db.select().from(outbox).where(eq(outbox.leadId, lead.id)).orderBy(outbox.action)).map((e) => [
        e.action,
        e.subjectId,
        e.status,
      ]);
    // The statement wrote one entry beside the lead; the worker fans the mails out from it.
    expect(await entries()).toEqual([['lead.created', lead.publicId, 'pending']]);
    expect(await runLeadFanOut(none.app)).toBe(2); // the warm-up lead's and this one's
    expect(await entries()).toEqual([
      ['lead.created', lead.publicId, 'done'],
      ['mail.admin_new_lead', String(admin.id), 'pending'],
      ['mail.new_referral', String(owner.id), 'pending'],
    ]);
  });
});

describe('POST /leads/referral/by-uuid, many at once', () => {
  let many: TestContext;
  beforeAll(async () => {
    many = await createTestContext();
  });
  afterAll(() => many.close());

  it('answers each of 20 simultaneous submissions for itself and stores each accepted lead with its rows', async () => {
    const owner = await createPartner(many.db, { fullName: 'Gina Group' });
    // A lead whose statement fails in the database: a trigger of this test's database refuses this
    // partner's leads. Grouped with the others, it must take none of them along.
    const failing = await createPartner(many.db, { fullName: 'Fay Failing' });
    await many.db.execute(
      sql.raw(`create function refuse_failing() returns trigger language plpgsql as $$
      begin if new.partner_id = ${failing.id} then raise exception 'refused for the test'; end if; return new; end $$`),
    );
    await many.db.execute(
      sql`create trigger refuse_failing before insert on leads for each row execute function refuse_failing()`,
    );
    // On PGlite, leads arriving together commit in one transaction: count the transactions.
    const client = (many.db as unknown as { $client: Record<string, unknown> }).$client;
    const isPglite = typeof client.transaction === 'function' && typeof client.exec === 'function';
    let transactions = 0;
    const transaction = client.transaction as (...args: unknown[]) => unknown;
    if (isPglite) {
      client.transaction = function (this: unknown, ...args: unknown[]) {
        transactions += 1;
        return transaction.apply(this, args);
      };
    }

    const stored = composeLeadPayload(form(), owner.uuid);
    expect((await inject(stored)).statusCode).toBe(201);
    const storedId = (await leadOf(stored.Email))!.publicId;

    const fresh = Array.from({ length: 15 }, () => composeLeadPayload(form(), owner.uuid));
    const twin = composeLeadPayload(form(), owner.uuid);
    const again = composeLeadPayload(form({ email: stored.Email.toUpperCase() }), owner.uuid);
    const invalid = { ...composeLeadPayload(form(), owner.uuid), Email: 'not-an-email' };
    const broken = composeLeadPayload(form(), failing.uuid);
    const twinCopy = { ...twin };
    const payloads = [...fresh.slice(0, 7), twin, again, invalid, broken, twinCopy, ...fresh.slice(7)];
    expect(payloads).toHaveLength(20);
    let responses;
    try {
      responses = await Promise.all(payloads.map((p) => inject(p)));
    } finally {
      client.transaction = transaction;
    }
    const status = (p: (typeof payloads)[number]) => responses[payloads.indexOf(p)]!.statusCode;

    // Every fresh lead: a 201 with its own id, stored with its event and its `lead.created` entry,
    // from which the worker queues its mail.
    expect(await runLeadFanOut(many.app)).toBe(17);
    for (const p of fresh) {
      expect(status(p)).toBe(201);
      const id = responses[payloads.indexOf(p)]!.json().leadData.data[0].details.id;
      const lead = (await leadOf(p.Email))!;
      expect(lead).toMatchObject({ publicId: id, partnerId: owner.id, firstName: 'Maria' });
      expect((await many.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id))).map((e) => e.kind)).toEqual([
        'created',
      ]);
      expect(
        (await many.db.select().from(outbox).where(eq(outbox.leadId, lead.id)).orderBy(outbox.action)).map((e) => e.action),
      ).toEqual(['lead.created', 'mail.new_referral']);
    }
    // The same email twice in one group: one lead, the other request told it is a duplicate of it.
    const twins = [twin, twinCopy].map((p) => responses[payloads.indexOf(p)]!);
    const twinLead = (await leadOf(twin.Email))!;
    expect(twins.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    for (const r of twins) expect(JSON.stringify(r.json())).toContain(twinLead.publicId);
    // An email stored before: a 409 naming that lead, which gets the repeated request on its timeline.
    expect(status(again)).toBe(409);
    expect(responses[payloads.indexOf(again)]!.json().leadData.data[0].details.id).toBe(storedId);
    // Bad input: a 400 on the field; the failing statement: an error for that request alone, nothing stored.
    expect(status(invalid)).toBe(400);
    expect(responses[payloads.indexOf(invalid)]!.json().errors).toHaveProperty('Email');
    expect(status(broken)).toBe(500);
    expect(await leadOf(broken.Email)).toBeUndefined();
    await many.db.execute(sql`drop trigger refuse_failing on leads`);

    const all = await many.db.select({ email: leads.email }).from(leads);
    expect(all).toHaveLength(1 + 15 + 1);
    if (isPglite) {
      // 16 leads and a failing one in far fewer commits than requests (the twin's and the repeat's
      // duplicate answers take a transaction each).
      expect(transactions).toBeGreaterThan(0);
      expect(transactions).toBeLessThan(8);
    }
  });

  function inject(payload: object) {
    return many.app.inject({ method: 'POST', url: '/api/v1/leads/referral/by-uuid', payload });
  }

  async function leadOf(email: string) {
    return (
      await many.db
        .select()
        .from(leads)
        .where(sql`lower(${leads.email}) = lower(${email})`)
    )[0];
  }
});
