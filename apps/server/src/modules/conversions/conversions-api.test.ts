import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { composeLeadPayload, conversionsMessages } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { conversionsApi, leadEvents, leads, outbox } from '../../db/schema';
import { createOutboxProcessor, type OutboxProcessorOptions } from '../../lib/outbox';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createPartner, loginAs } from '../../../test/factories';
import { runLeadFanOut } from '../../../test/lead-fixtures';
import { META_MAX_EVENT_AGE_MS, queueCapiLead, SEND_CAPI_LEAD } from './capi-lead';
import { tokenBox } from './conversions-service';
import { startFakeGraph, type FakeGraph } from './testing/fake-graph';

const TOKEN = 'EAAtest-token-1';
const PIXEL = '123456789012345';
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const FBP = 'fb.1.1596403881668.1116446470';
const FBC = 'fb.1.1554763741205.AbCdEfGhIjKlMnOpQrStUvWxYz1234567890';

let ctx: TestContext;
let graph: FakeGraph;
let partner: Awaited<ReturnType<typeof createPartner>>;
let partnerToken: string;
let adminToken: string;

beforeAll(async () => {
  graph = await startFakeGraph();
  ctx = await createTestContext({ META_GRAPH_URL: graph.url, META_GRAPH_API_VERSION: 'v26.0' });
  partner = await createPartner(ctx.db, { facebookPixelId: PIXEL });
  const admin = await createAdmin(ctx.db);
  [partnerToken, adminToken] = await Promise.all([loginAs(ctx.app, partner), loginAs(ctx.app, admin)]);
});
afterAll(async () => {
  await ctx.close();
  await graph.close();
});
afterEach(async () => {
  graph.reset();
  await ctx.db.delete(leads);
  await ctx.db.delete(outbox);
  await ctx.db.delete(conversionsApi);
});

const api = (method: 'GET' | 'PUT' | 'DELETE', token = partnerToken, payload?: Record<string, unknown>) =>
  ctx.app.inject({
    method,
    url: '/api/v1/users/conversions-api',
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  });

const saveToken = async (token = TOKEN) => expect((await api('PUT', partnerToken, { access_token: token })).statusCode).toBe(200);

/** A merchant submits the landing page form, as the browser does (pixel event id, cookies, page URL). */
async function submitFromLandingPage(
  overrides: { email?: string; tracking?: Record<string, unknown> | null; userAgent?: string } = {},
) {
  const form = buildReferralForm({
    email: overrides.email ?? `m-${crypto.randomUUID().slice(0, 8)}@shop.example`,
    countryCode: '+1',
    phoneNumber: '6505551212',
  });
  const tracking =
    overrides.tracking === null
      ? {}
      : {
          tracking: {
            eventId: 'lead.1763800000000.abc123',
            pageUrl: `https://portal.example/referral/${partner.uuid}?utm_source=fb`,
            fbp: FBP,
            fbc: FBC,
            ...overrides.tracking,
          },
        };
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/leads/referral/by-uuid',
    headers: { 'user-agent': overrides.userAgent ?? UA },
    payload: { ...composeLeadPayload(form, partner.uuid), ...tracking },
  });
  expect(res.statusCode, res.body).toBe(201);
  // The worker fans the new lead out: its Lead event is queued from the lead's `lead.created` entry.
  await runLeadFanOut(ctx.app);
  return res.json().leadData.data[0].details.id as string;
}

const processor = (opts: Partial<OutboxProcessorOptions> = {}) =>
  createOutboxProcessor(ctx.db, {
    handlers: { [SEND_CAPI_LEAD]: ctx.app.outbox.handlers[SEND_CAPI_LEAD]! },
    log: ctx.app.log,
    backoffBaseMs: 1,
    backoffCapMs: 2,
    ...opts,
  });

/** Runs the outbox until no Conversions API entry is waiting (retries are milliseconds apart here). */
async function drain(opts: Partial<OutboxProcessorOptions> = {}) {
  const p = processor(opts);
  for (let i = 0; i < 20; i++) {
    await p.processDue();
    const entries = await capiEntries();
    if (entries.every((e) => e.status === 'done' || e.status === 'failed')) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('outbox did not settle');
}

const capiEntries = () => ctx.db.select().from(outbox).where(eq(outbox.action, SEND_CAPI_LEAD));
const storedRow = async () => (await ctx.db.select().from(conversionsApi).where(eq(conversionsApi.userId, partner.id)))[0];

describe('the access token in /settings', () => {
  it('starts unset, is saved encrypted, replaced and removed, and no answer ever contains it', async () => {
    const initial = await api('GET');
    expect(initial.statusCode).toBe(200);
    expect(initial.json().data).toEqual({ available: true, token_set: false, token_updated_at: null, last_delivery: null });

    const saved = await api('PUT', partnerToken, { access_token: `  ${TOKEN}  ` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: conversionsMessages.tokenSaved, data: { available: true, token_set: true } });
    expect(saved.body).not.toContain(TOKEN);

    // At rest: the column is not the token and does not contain it; it decrypts with the key, for this user only.
    const row = await storedRow();
    expect(row?.accessTokenEncrypted).toMatch(/^v1\./);
    expect(row?.accessTokenEncrypted).not.toContain(TOKEN);
    const box = tokenBox(ctx.config);
    expect(box.open(row!.accessTokenEncrypted!, `conversions_api.access_token:user:${partner.id}`)).toBe(TOKEN);
    expect(() => box.open(row!.accessTokenEncrypted!, `conversions_api.access_token:user:${partner.id + 1}`)).toThrow();

    // Every answer that carries the user or the settings.
    const partnerLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: partner.email, password: partner.password },
    });
    const answers = [
      partnerLogin,
      await api('GET'),
      await ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(partnerToken) }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1/users/user/get-pixel-id', headers: bearer(partnerToken) }),
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/users/update-pixel-id',
        headers: bearer(partnerToken),
        payload: { facebook_pixel_id: PIXEL },
      }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1/users/notification-preferences', headers: bearer(partnerToken) }),
      await ctx.app.inject({ method: 'GET', url: `/api/v1/leads/referral/${partner.uuid}/page` }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: bearer(adminToken) }),
      await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/users/${partner.id}`, headers: bearer(adminToken) }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/users/export.csv', headers: bearer(adminToken) }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: bearer(adminToken) }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1/settings/public' }),
    ];
    for (const [index, answer] of answers.entries()) {
      expect(answer.statusCode, `answer ${index}`).toBeLessThan(300);
      expect(answer.body).not.toContain(TOKEN);
      expect(answer.body).not.toContain(row!.accessTokenEncrypted!);
    }
    expect(answers[8]!.body).toContain(partner.email); // the admin's user detail did answer about this partner

    // Replaced: a new ciphertext of the new token.
    await saveToken('EAAsecond-token-2');
    const replaced = await storedRow();
    expect(replaced?.accessTokenEncrypted).not.toBe(row?.accessTokenEncrypted);
    expect(box.open(replaced!.accessTokenEncrypted!, `conversions_api.access_token:user:${partner.id}`)).toBe(
      'EAAsecond-token-2',
    );

    const removed = await api('DELETE');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      message: conversionsMessages.tokenRemoved,
      data: { token_set: false, token_updated_at: null },
    });
    expect((await storedRow())?.accessTokenEncrypted).toBeNull();
  });

  it('refuses bad tokens with a field message, anonymous callers and admins', async () => {
    for (const [body, message] of [
      [{ access_token: '' }, conversionsMessages.tokenRequired],
      [{}, conversionsMessages.tokenRequired],
      [{ access_token: 'has spaces inside' }, conversionsMessages.tokenInvalid],
      [{ access_token: 'x'.repeat(1001) }, conversionsMessages.tokenTooLong],
    ] as const) {
      const res = await api('PUT', partnerToken, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ access_token: message });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/users/conversions-api' })).statusCode).toBe(401);
    expect((await api('PUT', adminToken, { access_token: TOKEN })).statusCode).toBe(403);
    expect(await storedRow()).toBeUndefined();
  });
});

describe('the server-side Lead event', () => {
  beforeEach(() => saveToken());

  it('sends one Lead event with the browser pixel event id, the page, the browser and Meta-hashed email and phone', async () => {
    const before = Math.floor(Date.now() / 1000);
    const leadId = await submitFromLandingPage({ email: 'John_Smith@gmail.com' });
    const entries = await capiEntries();
    expect(entries).toHaveLength(1);
    // The clear email and phone never enter the outbox.
    expect(JSON.stringify(entries[0]!.payload)).not.toMatch(/john_smith|6505551212/i);
    expect(entries[0]).toMatchObject({ subjectId: leadId, dedupeKey: `${SEND_CAPI_LEAD}:${entries[0]!.leadId}` });

    await drain();
    expect(graph.requests).toHaveLength(1);
    expect(graph.requests[0]).toMatchObject({ version: 'v26.0', pixelId: PIXEL, accessToken: TOKEN, status: 200 });
    expect(graph.received).toEqual([
      {
        event_name: 'Lead',
        event_time: expect.any(Number),
        event_id: 'lead.1763800000000.abc123',
        action_source: 'website',
        event_source_url: `https://portal.example/referral/${partner.uuid}?utm_source=fb`,
        user_data: {
          // Meta's documented examples: John_Smith@gmail.com and the US number (650)555-1212.
          em: ['62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f'],
          ph: ['e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176'],
          client_user_agent: UA,
          fbp: FBP,
          fbc: FBC,
        },
      },
    ]);
    expect(graph.received[0]!.event_time).toBeGreaterThanOrEqual(before);
    expect(graph.received[0]!.event_time).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));

    const status = (await api('GET')).json().data;
    expect(status.last_delivery).toEqual({ at: expect.any(String), status: 'sent', message: 'Meta received 1 Lead event' });
  });

  it('leaves out cookies that are absent or not Meta cookies', async () => {
    await submitFromLandingPage({ tracking: { fbp: undefined, fbc: 'not-a-cookie' } });
    await drain();
    const user = graph.received[0]!.user_data as Record<string, unknown>;
    expect(user).not.toHaveProperty('fbp');
    expect(user).not.toHaveProperty('fbc');
    expect(user.client_user_agent).toBe(UA);
  });

  it('retries a 500 and a 429 and still delivers exactly one event', async () => {
    graph.inject('http500');
    graph.inject('http429');
    await submitFromLandingPage();
    await drain();
    expect(graph.requests.map((r) => r.status)).toEqual([500, 429, 200]);
    expect(graph.received).toHaveLength(1);
    const [entry] = await capiEntries();
    expect(entry).toMatchObject({ status: 'done', attempts: 3 });
    expect((await api('GET')).json().data.last_delivery.status).toBe('sent');
  });

  it('enqueues one entry per lead however often the created event is heard', async () => {
    await submitFromLandingPage();
    const [lead] = await ctx.db.select().from(leads);
    const [event] = await ctx.db.select().from(leadEvents).where(eq(leadEvents.leadId, lead!.id));
    expect(await capiEntries()).toHaveLength(1);
    // The same listener again for the same lead (a replayed event): the dedupe key keeps one entry.
    await queueCapiLead(ctx.config)(ctx.db, [
      {
        lead: lead!,
        event: { ...event!, leadPublicId: lead!.publicId },
        browser: { userAgent: UA, eventId: 'other' },
      },
    ]);
    expect(await capiEntries()).toHaveLength(1);
    await drain();
    await drain();
    expect(graph.received).toHaveLength(1);
  });

  it('fails for good on a refused token (no retry) and shows it in the settings', async () => {
    graph.validTokens.clear();
    await submitFromLandingPage();
    await drain();
    expect(graph.requests.map((r) => r.status)).toEqual([400]);
    const [entry] = await capiEntries();
    expect(entry).toMatchObject({ status: 'failed', attempts: 1 });
    const delivery = (await api('GET')).json().data.last_delivery;
    expect(delivery.status).toBe('failed');
    expect(delivery.message).toContain('Meta refused the event (HTTP 400): Invalid OAuth access token');
  });

  it("retries Meta's rate-limit codes even when they arrive as HTTP 400", async () => {
    graph.inject('rateLimitCode');
    await submitFromLandingPage();
    await drain();
    expect(graph.requests.map((r) => r.status)).toEqual([400, 200]);
    expect(graph.received).toHaveLength(1);
  });

  it("drops an event older than Meta's 7-day limit with its reason, without calling Meta", async () => {
    await submitFromLandingPage();
    await drain({ now: () => Date.now() + META_MAX_EVENT_AGE_MS + 60_000 });
    expect(graph.requests).toHaveLength(0);
    expect((await capiEntries())[0]?.status).toBe('done');
    expect((await api('GET')).json().data.last_delivery).toMatchObject({
      status: 'dropped',
      message: "Not sent: the lead is older than Meta's 7-day limit for events",
    });
  });

  it('drops the event when the token was removed before it was sent', async () => {
    await submitFromLandingPage();
    await api('DELETE');
    await drain();
    expect(graph.requests).toHaveLength(0);
    expect((await api('GET')).json().data.last_delivery).toMatchObject({
      status: 'dropped',
      message: 'Not sent: the access token was removed',
    });
  });

  it('sends nothing for partners without a token or pixel, or for leads not from the landing page', async () => {
    await api('DELETE');
    await submitFromLandingPage();
    await saveToken();
    const setPixel = (id: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/users/update-pixel-id',
        headers: bearer(partnerToken),
        payload: { facebook_pixel_id: id },
      });
    await setPixel('');
    await submitFromLandingPage();
    await setPixel(PIXEL);
    // A partner's own submission from /submit: no pixel ran, no event.
    const form = buildReferralForm();
    const portal = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/leads/referral/by-uuid',
      headers: bearer(partnerToken),
      payload: composeLeadPayload(form, partner.uuid),
    });
    expect(portal.statusCode).toBe(201);
    expect(await capiEntries()).toHaveLength(0);
  });

  it('falls back to the link URL and a lead-based event id when the page sent no tracking', async () => {
    const leadId = await submitFromLandingPage({ tracking: null });
    await drain();
    expect(graph.received[0]).toMatchObject({
      event_id: `lead-${leadId}`,
      event_source_url: `http://portal.test/referral/${partner.uuid}`,
    });
  });

  it('answers 400 with field messages for malformed tracking fields', async () => {
    const form = buildReferralForm();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/leads/referral/by-uuid',
      payload: {
        ...composeLeadPayload(form, partner.uuid),
        tracking: { eventId: 'bad id<script>', pageUrl: 'javascript:alert(1)' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      'tracking.eventId': conversionsMessages.eventIdInvalid,
      'tracking.pageUrl': conversionsMessages.pageUrlInvalid,
    });
  });
});
