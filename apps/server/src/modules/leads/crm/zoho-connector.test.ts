import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ZOHO_CREDENTIALS, startFakeZoho, type FakeZoho } from '../testing/fake-zoho';
import { CrmError, type CrmLead } from './crm-connector';
import { createZohoConnector, parseRetryAfter, type ZohoOptions } from './zoho-connector';

let zoho: FakeZoho;
beforeAll(async () => {
  zoho = await startFakeZoho();
});
afterAll(() => zoho.close());
afterEach(() => zoho.reset());

const connect = (overrides: Partial<ZohoOptions> = {}) =>
  createZohoConnector({ ...FAKE_ZOHO_CREDENTIALS, accountsUrl: zoho.url, apiUrl: zoho.url, timeoutMs: 5_000, ...overrides });

let seq = 0;
const lead = (overrides: Partial<CrmLead> = {}): CrmLead => ({
  uuid: '3f1c2a4e-8b7d-4c1e-9a2b-1234567890ab',
  First_Name: 'Maria',
  Last_Name: 'de la Cruz',
  Email: `maria${++seq}@shop.example`,
  Company: 'Corner Shop',
  Business_Type: 'Retail',
  Title: '+14155550123',
  Description: 'SMS Consent: Yes\nMarketing Consent: Yes\nAdditional Notes: None provided',
  ...overrides,
});

/** The CrmError a call rejects with. */
async function failureOf(promise: Promise<unknown>): Promise<CrmError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CrmError);
  return err as CrmError;
}

describe('Zoho connector', () => {
  it('inserts a lead with the documented body and an OAuth token minted once and reused', async () => {
    const crm = connect();
    const first = await crm.createLead(lead(), 'key-1');
    const second = await crm.createLead(lead(), 'key-2');

    expect(first).toEqual({ id: zoho.leads[0]!.id, duplicate: false });
    expect(second.id).toBe(zoho.leads[1]!.id);
    const inserts = zoho.requests.filter((r) => r.route === 'insert');
    expect(inserts[0]!.authorization).toMatch(/^Zoho-oauthtoken token-\d+$/);
    expect(inserts[1]!.authorization).toBe(inserts[0]!.authorization);
    expect(zoho.requests.filter((r) => r.route === 'token')).toHaveLength(1);
    expect(inserts[0]!.body).toEqual({
      data: [
        {
          First_Name: 'Maria',
          Last_Name: 'de la Cruz',
          Email: zoho.leads[0]!.record.Email,
          Company: 'Corner Shop',
          Business_Type: 'Retail',
          Title: '+14155550123',
          Phone: '+14155550123',
          Description: 'SMS Consent: Yes\nMarketing Consent: Yes\nAdditional Notes: None provided',
          Lead_Source: 'Partner Referral',
        },
      ],
      trigger: ['workflow'],
    });
  });

  it('puts a one-word name in Last_Name, which Zoho requires', async () => {
    await connect().createLead(lead({ First_Name: 'Cher', Last_Name: '' }), 'key');
    expect(zoho.leads[0]!.record).toMatchObject({ Last_Name: 'Cher' });
    expect(zoho.leads[0]!.record.First_Name).toBeUndefined();
  });

  it('links to the existing record on DUPLICATE_DATA', async () => {
    const crm = connect();
    const original = await crm.createLead(lead({ Email: 'Dup@Shop.example' }), 'a');
    const again = await crm.createLead(lead({ Email: 'dup@shop.example' }), 'b');
    expect(again).toEqual({ id: original.id, duplicate: true });
    expect(zoho.leads).toHaveLength(1);
  });

  it('mints a new token once when Zoho answers 401 INVALID_TOKEN', async () => {
    const crm = connect();
    await crm.createLead(lead(), 'a');
    zoho.inject('insert', 'invalidToken');
    const result = await crm.createLead(lead(), 'b');
    expect(result.id).toBe(zoho.leads[1]!.id);
    expect(zoho.requests.filter((r) => r.route === 'token')).toHaveLength(2);
  });

  it('refreshes the token shortly before it expires', async () => {
    let now = 1_000_000;
    const crm = connect({ now: () => now });
    await crm.createLead(lead(), 'a');
    now += 3600_000 - 30_000; // inside the one-minute margin
    await crm.createLead(lead(), 'b');
    expect(zoho.requests.filter((r) => r.route === 'token')).toHaveLength(2);
  });

  it('reports outages as retryable: 500, 429, a time-out, an unreachable host', async () => {
    const crm = connect();
    zoho.inject('insert', 'http500');
    expect(await failureOf(crm.createLead(lead(), 'a'))).toMatchObject({
      retryable: true,
      message: expect.stringContaining('HTTP 500'),
    });
    zoho.inject('insert', 'http429');
    expect(await failureOf(crm.createLead(lead(), 'a'))).toMatchObject({
      retryable: true,
      message: expect.stringContaining('HTTP 429'),
    });
    zoho.inject('insert', 'hang');
    const impatient = connect({ timeoutMs: 300 });
    expect(await failureOf(impatient.createLead(lead(), 'a'))).toMatchObject({
      retryable: true,
      message: expect.stringContaining('timed out'),
    });
    const unreachable = connect({ apiUrl: 'http://127.0.0.1:1', accountsUrl: 'http://127.0.0.1:1' });
    expect(await failureOf(unreachable.createLead(lead(), 'a'))).toMatchObject({ retryable: true });
    expect(zoho.leads).toHaveLength(0);
  });

  it('calls the v8 API by default and the configured version otherwise', async () => {
    await connect().createLead(lead(), 'a');
    expect(zoho.requests.map((r) => r.route)).toEqual(['token', 'insert']);
    // The fake speaks only v8: another version reaches another path, which it does not know.
    const v7 = await failureOf(connect({ apiVersion: 'v7' }).createLead(lead(), 'b'));
    expect(v7.message).toBe('Zoho lead insert failed: HTTP 404 INVALID_URL_PATTERN');
    expect(zoho.leads).toHaveLength(1);
  });

  it("carries a 429's Retry-After, in seconds or as an HTTP date, as the error's retryAfterMs", async () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    const crm = connect({ now: () => now });
    zoho.retryAfter = '30';
    zoho.inject('insert', 'http429');
    expect(await failureOf(crm.createLead(lead(), 'a'))).toMatchObject({ retryable: true, retryAfterMs: 30_000 });

    zoho.retryAfter = 'Sun, 22 Nov 2026 10:02:00 GMT';
    zoho.inject('insert', 'http429');
    expect(await failureOf(crm.createLead(lead(), 'a'))).toMatchObject({ retryable: true, retryAfterMs: 120_000 });

    zoho.retryAfter = null;
    zoho.inject('search', 'http429');
    expect((await failureOf(crm.findLeadByEmail!('a@shop.example'))).retryAfterMs).toBeUndefined();
  });

  it('reads Retry-After as delay-seconds or an HTTP date, past dates as 0, anything else as absent', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('reports a rejected lead or bad credentials as final', async () => {
    zoho.inject('insert', 'invalidData');
    const rejected = await failureOf(connect().createLead(lead(), 'a'));
    expect(rejected).toMatchObject({ retryable: false, message: 'Zoho lead insert failed: HTTP 400 INVALID_DATA' });

    const badSecret = await failureOf(connect({ clientSecret: 'wrong' }).createLead(lead(), 'a'));
    expect(badSecret).toMatchObject({ retryable: false, message: 'Zoho token refresh failed: invalid_client' });
  });

  it('never puts the lead into an error message', async () => {
    zoho.inject('insert', 'invalidData');
    const err = await failureOf(connect().createLead(lead({ Email: 'secret@shop.example' }), 'a'));
    expect(err.message).not.toContain('secret@shop.example');
  });

  it('finds leads by email and notes by title (204 when there are none)', async () => {
    const crm = connect();
    expect(await crm.findLeadByEmail!('nobody@shop.example')).toBeNull();
    const created = await crm.createLead(lead({ Email: 'found+tag@shop.example' }), 'a');
    expect(await crm.findLeadByEmail!('found+tag@shop.example')).toEqual({ id: created.id });

    expect(await crm.findNoteByTitle!(created.id, 'Referral 1')).toBeNull();
    const note = await crm.createNote(created.id, 'Referral 1', 'body');
    await crm.createNote(created.id, 'Referral 2', 'body');
    expect(await crm.findNoteByTitle!(created.id, 'Referral 1')).toEqual(note);
    expect(zoho.leads[0]!.notes[0]).toEqual({ id: note.id, Note_Title: 'Referral 1', Note_Content: 'body' });
  });
});
