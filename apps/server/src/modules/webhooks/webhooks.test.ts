import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { integrationMessages as m, settingKeys, webhookEventTypes, type WebhookEventType } from '@portal/contract';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createLeadFor, createPartner, loginAs } from '../../../test/factories';
import { insertLead } from '../../../test/lead-fixtures';
import { outbox, settings, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createOutboxProcessor, type OutboxHandlers } from '../../lib/outbox';
import { publishIntegrationEvent, publishIntegrationEvents } from '../../lib/integration-events';
import { loadConfig } from '../../config';
import { isAddressAllowed } from './url-guard';
import { createDeliveryHandler, WEBHOOK_DELIVER_ACTION } from './webhook-delivery';
import { sealSecret } from './webhook-secrets';

/** The parts of an event's `data` these tests read (each event type has some of them). */
interface EventData {
  referral: { id: string; company: string; status: string };
  changes: { status: [string | null, string] };
  merchant: { mid_last4: string };
  commission: Record<string, unknown>;
  partner: { email: string };
  reason: string;
  email?: string;
  phone?: string;
}

interface Received {
  id: string;
  timestamp: string;
  signature: string;
  raw: string;
  body: { id: string; type: string; created_at: string; data: EventData };
}

/** A receiver built on the Standard Webhooks library: it answers `status()` and records what it got. */
async function startReceiver(opts: { status?: () => number; hang?: boolean; headers?: () => Record<string, string> } = {}) {
  const received: Received[] = [];
  let hits = 0;
  let hangs = opts.hang ?? false;
  const hung: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    hits++;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (hangs) return void hung.push(res); // no answer until `release`
      const raw = Buffer.concat(chunks).toString('utf8');
      const status = opts.status?.() ?? 200;
      if (status >= 200 && status < 300) {
        received.push({
          id: String(req.headers['webhook-id']),
          timestamp: String(req.headers['webhook-timestamp']),
          signature: String(req.headers['webhook-signature']),
          raw,
          body: JSON.parse(raw),
        });
      }
      res
        .writeHead(status, { 'content-type': 'text/plain', ...opts.headers?.() })
        .end(status < 300 ? 'ok' : 'receiver is down '.repeat(200));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    hits: () => hits,
    /** A hanging receiver answers the requests it holds with a 503, and hangs no more. */
    release: () => {
      hangs = false;
      for (const res of hung.splice(0)) res.writeHead(503).end('released');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What the receiver's library says of one delivery: the payload when the signature holds, else it throws. */
const verify = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.raw, {
    'webhook-id': r.id,
    'webhook-timestamp': r.timestamp,
    'webhook-signature': r.signature,
  });

let ctx: TestContext;
let adminToken: string;
const receivers: { close(): Promise<void> }[] = [];

async function receiver(opts?: Parameters<typeof startReceiver>[0]) {
  const r = await startReceiver(opts);
  receivers.push(r);
  return r;
}

/** Runs the outbox as the two worker loops do (the fan-out in the main one, deliveries in theirs) until nothing is due. */
async function drain(opts: { now?: () => number; handlers?: OutboxHandlers } = {}) {
  for (let i = 0; i < 50; i++) {
    const main = await createOutboxProcessor(ctx.db, {
      handlers: ctx.app.outbox.handlers,
      log: ctx.app.log,
      now: opts.now,
    }).processDue();
    const hooks = await createOutboxProcessor(ctx.db, {
      handlers: opts.handlers ?? ctx.app.webhookOutbox.handlers,
      log: ctx.app.log,
      now: opts.now,
      concurrency: 8,
    }).processDue();
    if (!main && !hooks) return;
  }
}

/** A residual report for October 2026, committed at once, as a browser's FormData sends it. */
function reportUpload(csv: string) {
  const boundary = '----webhook-test';
  const fields = {
    month: '2026-10',
    processor: 'Webhook Processing',
    dry_run: 'false',
    mapping: JSON.stringify({ mid: 'MID', business: 'DBA', volume: 'Volume', net_revenue: 'Net Revenue' }),
  };
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="report.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return { payload: parts.join(''), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function addEndpoint(body: Record<string, unknown>, token = adminToken, url = '/api/v1/admin/webhooks') {
  const res = await ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload: body });
  return res;
}

describe('webhooks', () => {
  beforeAll(async () => {
    ctx = await createTestContext({ WEBHOOKS_ALLOW_LOOPBACK: 'on' });
    const admin = await createAdmin(ctx.db);
    adminToken = await loginAs(ctx.app, admin);
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await ctx.db.delete(webhookEndpoints);
    await ctx.db.delete(outbox);
  });
  afterEach(async () => {
    await Promise.all(receivers.splice(0).map((r) => r.close()));
  });

  it('delivers a full referral lifecycle, every delivery verified by the Standard Webhooks library', async () => {
    const r = await receiver();
    const res = await addEndpoint({ url: r.url, events: [...webhookEventTypes], description: 'CRM' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.message).toBe(m.endpointCreated);
    const secret = created.data.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    // Shown once: the list has only a hint.
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/webhooks', headers: bearer(adminToken) });
    expect(list.json().data.items[0].secret).toBeUndefined();
    expect(list.body).not.toContain(secret);

    const partner = await createPartner(ctx.db);
    const lead = await insertLead(ctx.app, { partnerId: partner.id, company: 'Lifecycle Bakery' });
    await drain();
    const move = (status: string, extra: Record<string, unknown> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/leads/${lead.publicId}/status`,
        headers: bearer(adminToken),
        payload: { status, ...extra },
      });
    expect((await move('contacted', { expected_status: 'new' })).statusCode).toBe(200);
    expect((await move('approved', { expected_status: 'contacted', mid: '4455667788990012' })).statusCode).toBe(200);
    await drain();
    const accounts = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/merchant-accounts?partner_id=${partner.id}`,
      headers: bearer(adminToken),
    });
    const merchantId = accounts.json().data.items[0].id as string;
    const today = new Date().toISOString().slice(0, 10);
    const close = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/merchant-accounts/${merchantId}/close`,
      headers: bearer(adminToken),
      payload: { closed_on: today },
    });
    expect(close.statusCode).toBe(200);
    const disable = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${partner.id}/disable`,
      headers: bearer(adminToken),
      payload: { reason: 'Left the program' },
    });
    expect(disable.statusCode).toBe(200);
    await drain();

    const types = r.received.map((d) => d.body.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'referral.created',
        'referral.status_changed',
        'merchant.approved',
        'merchant.closed',
        'partner.disabled',
      ]),
    );
    for (const delivery of r.received) {
      expect(verify(secret, delivery)).toEqual(delivery.body);
      expect(delivery.id).toBe(delivery.body.id);
      expect(Object.keys(delivery.body).sort()).toEqual(['created_at', 'data', 'id', 'type']);
      // No merchant contact data unless the endpoint asked for it.
      expect(delivery.raw).not.toContain(lead.email);
      expect(delivery.raw).not.toContain(lead.phoneDigits);
    }
    // One message per event: no webhook-id twice.
    expect(new Set(r.received.map((d) => d.id)).size).toBe(r.received.length);
    const createdEvent = r.received.find((d) => d.body.type === 'referral.created')!;
    expect(createdEvent.body.data.referral).toMatchObject({ id: lead.publicId, company: 'Lifecycle Bakery', status: 'new' });
    // Deliveries go side by side, so they may arrive out of order: receivers order by created_at.
    const moves = r.received
      .filter((d) => d.body.type === 'referral.status_changed')
      .sort((x, y) => x.body.created_at.localeCompare(y.body.created_at))
      .map((d) => d.body.data.changes.status);
    expect(moves).toEqual([
      ['new', 'contacted'],
      ['contacted', 'approved'],
    ]);
    const approved = r.received.find((d) => d.body.type === 'merchant.approved')!;
    expect(approved.body.data.merchant.mid_last4).toBe('0012');
    expect(approved.raw).not.toContain('4455667788990012');
    expect(r.received.find((d) => d.body.type === 'merchant.closed')!.body.data.changes.status).toEqual(['active', 'closed']);
    expect(r.received.find((d) => d.body.type === 'partner.disabled')!.body.data.reason).toBe('Left the program');

    // The delivery log: request, status, answer, duration.
    const log = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/webhooks/${created.data.id}/deliveries?limit=2`,
      headers: bearer(adminToken),
    });
    expect(log.statusCode).toBe(200);
    const page = log.json().data;
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({ status_code: 200, ok: true, response_excerpt: 'ok', attempt: 1 });
    expect(r.received.map((d) => d.raw)).toContain(page.items[0].request_body);
    expect(page.next_cursor).toEqual(expect.any(String));
    const next = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/webhooks/${created.data.id}/deliveries?limit=100&cursor=${page.next_cursor}`,
      headers: bearer(adminToken),
    });
    expect(next.json().data.items).toHaveLength(r.received.length - 2);
  });

  it('sends merchant phone and email only to an endpoint marked to receive contact data', async () => {
    const withContact = await receiver();
    const without = await receiver();
    await addEndpoint({ url: withContact.url, events: ['referral.created'], include_contact: true });
    await addEndpoint({ url: without.url, events: ['referral.created'] });
    const lead = await insertLead(ctx.app, { email: 'owner@contact.example', phoneDigits: '2025550199' });
    await drain();
    expect(withContact.received[0]!.body.data).toMatchObject({ email: 'owner@contact.example', phone: '+2025550199' });
    expect(without.received[0]!.raw).not.toContain('owner@contact.example');
    expect(without.received[0]!.body.data.referral.id).toBe(lead.publicId);
  });

  it('sends only the subscribed events', async () => {
    const r = await receiver();
    await addEndpoint({ url: r.url, events: ['referral.status_changed'] });
    await insertLead(ctx.app);
    await drain();
    expect(r.received).toEqual([]);
  });

  it('signs with both secrets for 24 hours after a rotation', async () => {
    const r = await receiver();
    const created = (await addEndpoint({ url: r.url, events: ['referral.created'] })).json().data;
    const rotated = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/webhooks/${created.id}`,
      headers: bearer(adminToken),
      payload: { rotate_secret: true },
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().message).toBe(m.secretRotated);
    const newSecret = rotated.json().data.secret as string;
    expect(newSecret).not.toBe(created.secret);
    expect(rotated.json().data.previous_secret_until).toEqual(expect.any(String));
    await insertLead(ctx.app);
    await drain();
    const delivery = r.received[0]!;
    expect(delivery.signature.split(' ')).toHaveLength(2);
    expect(verify(newSecret, delivery)).toEqual(delivery.body);
    expect(verify(created.secret, delivery)).toEqual(delivery.body);
    // After the overlap only the new secret signs.
    await ctx.db
      .update(webhookEndpoints)
      .set({ previousSecretUntil: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, created.id));
    await insertLead(ctx.app);
    await drain();
    const later = r.received[1]!;
    expect(later.signature.split(' ')).toHaveLength(1);
    expect(() => verify(created.secret, later)).toThrow();
    expect(verify(newSecret, later)).toEqual(later.body);
  });

  it('sends a test event and resends a logged delivery under the same webhook-id', async () => {
    const r = await receiver();
    const created = (await addEndpoint({ url: r.url, events: ['partner.applied'] })).json().data;
    const test = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/webhooks/${created.id}/test`,
      headers: bearer(adminToken),
    });
    expect(test.statusCode).toBe(202);
    expect(test.json().message).toBe(m.testQueued);
    await drain();
    expect(r.received).toHaveLength(1);
    expect(r.received[0]!.body.type).toBe('webhook.test');
    const [delivery] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.id));
    const resend = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/webhooks/deliveries/${delivery!.id}/resend`,
      headers: bearer(adminToken),
    });
    expect(resend.statusCode).toBe(202);
    await drain();
    expect(r.received).toHaveLength(2);
    expect(r.received[1]!.id).toBe(r.received[0]!.id);
    expect(r.received[1]!.raw).toBe(r.received[0]!.raw);
    const log = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.id));
    expect(log.map((d) => d.attempt).sort()).toEqual([1, 2]);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/webhooks/deliveries/999999/resend',
      headers: bearer(adminToken),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(m.deliveryNotFound);
  });

  it('emits commission.created for an import’s lines, and merchant.approved with its lines when an unmatched MID is assigned', async () => {
    const r = await receiver();
    const { secret } = (await addEndpoint({ url: r.url, events: ['commission.created', 'merchant.approved'] })).json().data;
    const partner = await createPartner(ctx.db);
    const lead = await createLeadFor(ctx.db, partner, { company: 'Import Bakery', status: 'application' });
    const approve = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/leads/${lead.publicId}/status`,
      headers: bearer(adminToken),
      payload: { status: 'approved', expected_status: 'application', mid: 'IMPORT-MID-1001' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    await drain();
    r.received.length = 0;
    await ctx.db.delete(outbox);

    const report = reportUpload(
      [
        'MID,DBA,Volume,Net Revenue',
        'IMPORT-MID-1001,Import Bakery,12500.00,234.56',
        'LOOSE-MID-2002,Loose Cafe,800.00,50.00',
      ].join('\n'),
    );
    const commit = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/commissions/imports',
      headers: { ...bearer(adminToken), ...report.headers },
      payload: report.payload,
    });
    expect(commit.statusCode, commit.body).toBe(201);
    // Enqueued by the commit itself: the event exists exactly when the lines do.
    const queued = await ctx.db.select().from(outbox).where(eq(outbox.action, 'webhook.event'));
    expect(queued.map((e) => (e.payload as { type: string }).type)).toEqual(['commission.created']);
    await drain();
    expect(r.received).toHaveLength(1);
    const residual = r.received[0]!.body;
    expect(verify(secret, r.received[0]!)).toEqual(residual);
    expect(residual.data.commission).toMatchObject({
      kind: 'residual',
      partner_id: partner.id,
      mid_last4: '1001',
      business: 'Import Bakery',
      month: '2026-10',
      net_revenue_cents: 23_456,
    });
    r.received.length = 0;

    const assign = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/commissions/unmatched/assign',
      headers: bearer(adminToken),
      payload: { mid: 'LOOSE-MID-2002', partner_id: partner.id },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    await drain();
    const merchant = r.received.find((d) => d.body.type === 'merchant.approved')!;
    expect(merchant.body.data.merchant).toMatchObject({ mid_last4: '2002', business: 'Loose Cafe', partner_id: partner.id });
    expect(merchant.raw).not.toContain('LOOSE-MID-2002');
    const lines = r.received.filter((d) => d.body.type === 'commission.created').map((d) => d.body.data.commission);
    expect(lines).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'residual', mid_last4: '2002', net_revenue_cents: 5_000 })]),
    );
    for (const delivery of r.received) expect(verify(secret, delivery)).toEqual(delivery.body);
  });

  it('emits partner.applied for every sign-up, and partner.approved too when registration is open', async () => {
    const r = await receiver();
    await addEndpoint({ url: r.url, events: ['partner.applied', 'partner.approved'] });
    const register = (email: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/users/register',
        payload: { full_name: 'Nora New', email, password: 'a-long-password', confirm_password: 'a-long-password' },
      });
    expect((await register('open-signup@example.com')).statusCode).toBe(201);
    await drain();
    expect(r.received.map((d) => [d.body.type, d.body.data.partner.email]).sort()).toEqual([
      ['partner.applied', 'open-signup@example.com'],
      ['partner.approved', 'open-signup@example.com'],
    ]);
    r.received.length = 0;
    await ctx.db
      .insert(settings)
      .values({ key: settingKeys.registrationMode, value: 'approval' })
      .onConflictDoUpdate({ target: settings.key, set: { value: 'approval' } });
    try {
      expect((await register('review-signup@example.com')).statusCode).toBe(201);
      await drain();
      expect(r.received.map((d) => [d.body.type, d.body.data.partner.email])).toEqual([
        ['partner.applied', 'review-signup@example.com'],
      ]);
    } finally {
      await ctx.db.delete(settings).where(eq(settings.key, settingKeys.registrationMode));
    }
  });

  it('publishes a batch of events with one read of the endpoints, each event only where an endpoint wants it', async () => {
    const a = await createPartner(ctx.db);
    const b = await createPartner(ctx.db);
    const endpoint = (partnerId: number | null, events: string[]) => ({
      partnerId,
      url: 'https://hooks.example.com/x',
      events,
      secretSealed: 'unused',
      secretHint: 'unused',
    });
    await ctx.db.insert(webhookEndpoints).values([endpoint(null, ['merchant.closed']), endpoint(a.id, ['referral.created'])]);
    let selects = 0;
    const counting = new Proxy(ctx.db, {
      get(target, prop, receiver) {
        if (prop === 'select') selects++;
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const event = (type: WebhookEventType, partnerId: number, n: number) => ({
      type,
      partnerId,
      data: { n },
    });
    await publishIntegrationEvents(counting, [
      ...[1, 2, 3].map((n) => event('referral.created', a.id, n)), // a's postback
      ...[4, 5].map((n) => event('referral.created', b.id, n)), // nobody
      event('merchant.closed', b.id, 6), // the admins' endpoint
      event('partner.approved', a.id, 7), // nobody
    ]);
    expect(selects).toBe(1);
    const queued = await ctx.db.select().from(outbox).where(eq(outbox.action, 'webhook.event'));
    expect(queued.map((e) => (e.payload as { data: { n: number } }).data.n).sort()).toEqual([1, 2, 3, 6]);
    selects = 0;
    await publishIntegrationEvents(counting, []);
    expect(selects).toBe(0);
  });

  it('validates the endpoint with field messages and keeps it from partners', async () => {
    const noEvents = await addEndpoint({ url: 'https://hooks.example.com/x', events: [] });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.json().errors.events).toBe(m.eventsRequired);
    const badUrl = await addEndpoint({ url: 'not a url', events: ['referral.created'] });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().errors.url).toBe(m.urlInvalid);
    const unknown = await addEndpoint({ url: 'https://93.184.215.14/x', events: ['lead.secret'] });
    expect(unknown.statusCode).toBe(400);
    const partner = await createPartner(ctx.db);
    const partnerToken = await loginAs(ctx.app, partner);
    const asPartner = await addEndpoint({ url: 'https://93.184.215.14/x', events: ['referral.created'] }, partnerToken);
    expect(asPartner.statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/webhooks' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('deletes an endpoint (audited) and answers 404 for an unknown one', async () => {
    const created = (await addEndpoint({ url: 'https://93.184.215.14/x', events: ['referral.created'] })).json().data;
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/webhooks/${created.id}`,
      headers: bearer(adminToken),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(m.endpointDeleted);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/webhooks/${created.id}`,
      headers: bearer(adminToken),
    });
    expect(again.statusCode).toBe(404);
    const audit = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/audit', headers: bearer(adminToken) });
    expect(audit.body).toContain('webhook.delete');
  });

  describe('partner postbacks', () => {
    it('deliver a partner’s own referrals’ events only, signed, with their own log', async () => {
      const r = await receiver();
      const partner = await createPartner(ctx.db);
      const token = await loginAs(ctx.app, partner);
      const res = await addEndpoint(
        { url: r.url, events: ['referral.created', 'referral.status_changed'] },
        token,
        '/api/v1/users/postbacks',
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(m.postbackCreated);
      const { secret, id } = res.json().data;
      const other = await createPartner(ctx.db);
      const mine = await insertLead(ctx.app, { partnerId: partner.id, company: 'Mine' });
      await insertLead(ctx.app, { partnerId: other.id, company: 'Theirs' });
      await insertLead(ctx.app, { company: 'Nobody' });
      await drain();
      expect(r.received.map((d) => d.body.data.referral.company)).toEqual(['Mine']);
      expect((verify(secret, r.received[0]!) as Received['body']).data.referral.id).toBe(mine.publicId);
      expect(r.received[0]!.raw).not.toContain(mine.email);
      const log = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/users/postbacks/${id}/deliveries`,
        headers: bearer(token),
      });
      expect(log.json().data.items).toHaveLength(1);
      // Neither the admins' list nor another partner sees it.
      const admins = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/webhooks', headers: bearer(adminToken) });
      expect(admins.json().data.items).toEqual([]);
      const otherToken = await loginAs(ctx.app, other);
      const theirs = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/users/postbacks/${id}/deliveries`,
        headers: bearer(otherToken),
      });
      expect(theirs.statusCode).toBe(404);
      const del = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/users/postbacks/${id}`, headers: bearer(otherToken) });
      expect(del.statusCode).toBe(404);
    });

    it('allow five per partner, their own events only, and Slack addresses', async () => {
      const partner = await createPartner(ctx.db);
      const token = await loginAs(ctx.app, partner);
      const add = (body: Record<string, unknown>) => addEndpoint(body, token, '/api/v1/users/postbacks');
      const adminEvent = await add({ url: 'https://93.184.215.14/x', events: ['partner.applied'] });
      expect(adminEvent.statusCode).toBe(400);
      const slack = await add({ kind: 'slack', url: 'https://93.184.215.14/x', events: ['referral.created'] });
      expect(slack.json().errors.url).toBe(m.slackUrlInvalid);
      for (let i = 0; i < 5; i++)
        expect((await add({ url: `https://93.184.215.14/${i}`, events: ['referral.created'] })).statusCode).toBe(201);
      const sixth = await add({ url: 'https://93.184.215.14/6', events: ['referral.created'] });
      expect(sixth.statusCode).toBe(409);
      expect(sixth.json().message).toBe(m.postbackLimit);
      const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/postbacks', headers: bearer(token) });
      expect(list.json().data.items).toHaveLength(5);
      const asAdmin = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/postbacks', headers: bearer(adminToken) });
      expect(asAdmin.statusCode).toBe(403);
    });

    it('formats Slack messages as Slack expects', async () => {
      const r = await receiver();
      const partner = await createPartner(ctx.db);
      const [endpoint] = await ctx.db
        .insert(webhookEndpoints)
        .values({
          partnerId: partner.id,
          kind: 'slack',
          url: r.url,
          events: ['referral.created'],
          secretSealed: 'x',
          secretHint: 'x',
        })
        .returning();
      await ctx.db
        .update(webhookEndpoints)
        .set({ secretSealed: sealSecret(ctx.config, endpoint!.id, 'whsec_' + Buffer.alloc(32, 2).toString('base64')) })
        .where(eq(webhookEndpoints.id, endpoint!.id));
      await insertLead(ctx.app, { partnerId: partner.id, company: 'Slack Bakery' });
      await drain();
      expect(r.received[0]!.body).toEqual({ text: 'A referral is submitted: Slack Bakery' });
    });
  });

  describe('failures', () => {
    it('retries under the same webhook-id until a receiver that was down for 10 minutes comes back: every event once', async () => {
      let clock = Date.now();
      const now = () => clock;
      const downUntil = clock + 10 * 60_000;
      const r = await receiver({ status: () => (clock < downUntil ? 503 : 200) });
      const created = (await addEndpoint({ url: r.url, events: ['referral.created'] })).json().data;
      const leads = [];
      for (let i = 0; i < 12; i++) leads.push(await insertLead(ctx.app, { company: `Outage ${i}` }));
      // Twenty minutes of worker passes, 15 s apart, on a fake clock.
      while (clock < downUntil + 10 * 60_000) {
        await drain({ now });
        clock += 15_000;
      }
      const ids = r.received.map((d) => d.id);
      expect(new Set(ids).size).toBe(12);
      expect(ids).toHaveLength(12);
      expect(new Set(r.received.map((d) => d.body.data.referral.company))).toEqual(new Set(leads.map((l) => l.company)));
      // Signed as the library signs (the fake clock's timestamps are too far from now for verify()).
      for (const d of r.received) {
        expect(d.signature).toBe(new Webhook(created.secret).sign(d.id, new Date(Number(d.timestamp) * 1000), d.raw));
      }
      // Failed attempts reused the ids that finally went through.
      const attempts = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.id));
      const failed = attempts.filter((a) => !a.ok);
      expect(failed.length).toBeGreaterThan(0);
      for (const a of failed) expect(ids).toContain(a.messageId);
      expect(failed[0]!.statusCode).toBe(503);
      expect(failed[0]!.responseExcerpt.length).toBe(2048);
      const [endpoint] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
      expect(endpoint).toMatchObject({ enabled: true, consecutiveFailures: 0 });
      // While it was down, deliveries waited for the probe instead of each hammering it.
      expect(r.hits()).toBeLessThan(12 + 15);
    });

    it('disables an endpoint after 20 failures in a row, mails the admins, and re-enabling delivers what it missed', async () => {
      let clock = Date.now();
      const now = () => clock;
      let status = 500;
      const r = await receiver({ status: () => status });
      const created = (await addEndpoint({ url: r.url, events: ['referral.created'] })).json().data;
      await insertLead(ctx.app, { company: 'Missed Bakery' });
      ctx.mailer.sent.length = 0;
      for (let i = 0; i < 400; i++) {
        await drain({ now });
        const [row] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
        if (!row!.enabled) break;
        clock += 60 * 60_000;
      }
      const [disabled] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
      expect(disabled).toMatchObject({ enabled: false, consecutiveFailures: 20, disabledReason: m.endpointDisabledForFailures });
      expect(r.hits()).toBe(20);
      await drain({ now });
      expect(ctx.mailer.sent.map((mail) => mail.subject)).toContain('A webhook endpoint was disabled');
      const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/webhooks', headers: bearer(adminToken) });
      expect(list.json().data.items[0]).toMatchObject({ enabled: false, disabled_reason: m.endpointDisabledForFailures });

      status = 200;
      const enable = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/webhooks/${created.id}`,
        headers: bearer(adminToken),
        payload: { enabled: true },
      });
      expect(enable.json()).toMatchObject({ message: m.endpointEnabled, data: { enabled: true, consecutive_failures: 0 } });
      await drain();
      expect(r.received.map((d) => d.body.data.referral.company)).toEqual(['Missed Bakery']);
    });

    it('a 410 Gone disables the endpoint at once and mails the admins; Re-enable delivers what it missed', async () => {
      let status = 410;
      const r = await receiver({ status: () => status });
      const created = (await addEndpoint({ url: r.url, events: ['referral.created'] })).json().data;
      await insertLead(ctx.app, { company: 'Gone Bakery' });
      ctx.mailer.sent.length = 0;
      await drain();
      const [disabled] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
      expect(disabled).toMatchObject({ enabled: false, disabledReason: m.endpointDisabledGone });
      expect(r.hits()).toBe(1);
      const mail = ctx.mailer.sent.find((sent) => sent.subject === 'A webhook endpoint was disabled');
      expect(mail?.text).toContain('answered 410 Gone');
      // Nothing more is sent to it, neither retries nor new events.
      await insertLead(ctx.app, { company: 'Later Bakery' });
      await drain({ now: () => Date.now() + 3_600_000 });
      expect(r.hits()).toBe(1);
      status = 200;
      const enable = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin/webhooks/${created.id}`,
        headers: bearer(adminToken),
        payload: { enabled: true },
      });
      expect(enable.json().data).toMatchObject({ enabled: true, disabled_reason: null });
      await drain();
      expect(r.received.map((d) => d.body.data.referral.company)).toEqual(['Gone Bakery']);
    });

    it('retries a 404 like a 500, and waits as long as a 429’s Retry-After says', async () => {
      let clock = Date.now();
      const now = () => clock;
      const answers = [404, 429, 200];
      const r = await receiver({ status: () => answers.shift() ?? 200, headers: () => ({ 'retry-after': '300' }) });
      const created = (await addEndpoint({ url: r.url, events: ['referral.created'] })).json().data;
      await insertLead(ctx.app, { company: 'Picky Bakery' });
      await drain(); // the fan-out queues the delivery, due now
      clock = Date.now() + 1_000;
      await drain({ now });
      expect(r.hits()).toBe(1); // 404, with Retry-After 300 too: a failure, retried
      clock += 5 * 60_000 + 1_000;
      await drain({ now });
      expect(r.hits()).toBe(2); // 429, Retry-After 300
      clock += 60_000;
      await drain({ now });
      expect(r.hits()).toBe(2); // the circuit's own delay is over, the receiver's is not
      clock += 4 * 60_000 + 1_000;
      await drain({ now });
      expect(r.hits()).toBe(3);
      expect(r.received.map((d) => d.body.data.referral.company)).toEqual(['Picky Bakery']);
      const attempts = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.id));
      expect(attempts.map((a) => a.statusCode).sort()).toEqual([200, 404, 429]);
      const [endpoint] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
      expect(endpoint).toMatchObject({ enabled: true, consecutiveFailures: 0 });
    });

    it('a receiver that hangs holds up neither other endpoints nor the lead fan-out', async () => {
      const hanging = await receiver({ hang: true });
      const healthy = await receiver();
      const hang = (await addEndpoint({ url: hanging.url, events: ['referral.created'] })).json().data;
      await addEndpoint({ url: healthy.url, events: ['referral.created'] });
      // Deliveries are not among the main loop's actions: mails and the lead fan-out never wait for a receiver.
      expect(ctx.app.outbox.handlers[WEBHOOK_DELIVER_ACTION]).toBeUndefined();
      for (let i = 0; i < 10; i++) await insertLead(ctx.app);
      const handlers = {
        [WEBHOOK_DELIVER_ACTION]: createDeliveryHandler({
          config: ctx.config,
          options: { timeoutMs: 1500, circuitDelayMs: () => 60_000 },
        }),
      };
      await drain({ handlers });
      expect(healthy.received).toHaveLength(10);
      // The hanging endpoint got at most the deliveries that were in flight before its first time-out.
      expect(hanging.hits()).toBeLessThanOrEqual(8);
      const attempts = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hang.id));
      expect(attempts.length).toBe(hanging.hits());
      expect(attempts[0]!.error).toBe('No answer within 1.5 s');
      const pending = await ctx.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.action, WEBHOOK_DELIVER_ACTION), eq(outbox.subjectId, String(hang.id))));
      expect(pending.every((e) => e.status === 'pending')).toBe(true);
      expect(pending).toHaveLength(10);
    });

    it('delivers an endpoint’s batch while another endpoint’s batch hangs, not after it', async () => {
      const hanging = await receiver({ hang: true });
      const healthy = await receiver();
      const hang = (await addEndpoint({ url: hanging.url, events: ['referral.created'] })).json().data;
      await addEndpoint({ url: healthy.url, events: ['referral.created'] });
      for (let i = 0; i < 10; i++) await insertLead(ctx.app);
      await createOutboxProcessor(ctx.db, { handlers: ctx.app.outbox.handlers, log: ctx.app.log }).processDue();
      const handlers = {
        [WEBHOOK_DELIVER_ACTION]: createDeliveryHandler({
          config: ctx.config,
          options: { timeoutMs: 8_000, circuitDelayMs: () => 60_000 },
        }),
      };
      const draining = createOutboxProcessor(ctx.db, { handlers, log: ctx.app.log, concurrency: 4 }).processDue();
      // All ten reach the healthy receiver while the hanging one's first requests are still open.
      await expect.poll(() => healthy.received.length, { timeout: 7_000 }).toBe(10);
      expect(await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hang.id))).toEqual([]);
      // The held requests fail now rather than at their 8 s time-out (the wait is the time-out's own test above).
      hanging.release();
      await draining;
      // Its batch sent at most `concurrency` requests; after their failures the rest wait for the probe.
      expect(hanging.hits()).toBe(4);
    }, 20_000);
  });
});

describe('webhook addresses (SSRF)', () => {
  let strict: TestContext;
  let token: string;
  beforeAll(async () => {
    strict = await createTestContext();
    token = await loginAs(strict.app, await createAdmin(strict.db));
  });
  afterAll(async () => {
    await strict.close();
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'https://127.0.0.1/hook',
    'https://localhost/hook',
    'https://10.1.2.3/hook',
    'https://172.16.0.1/hook',
    'https://192.168.1.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://[fd00:ec2::254]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:a9fe:a9fe]/hook',
    'https://0.0.0.0/hook',
    'https://100.100.100.200/hook',
  ])('refuses %s at registration', async (url) => {
    const res = await strict.app.inject({
      method: 'POST',
      url: '/api/v1/admin/webhooks',
      headers: bearer(token),
      payload: { url, events: ['referral.created'] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.url).toBe(m.urlRefused);
  });

  it('requires https outside development and refuses credentials in the address', async () => {
    const http = await strict.app.inject({
      method: 'POST',
      url: '/api/v1/admin/webhooks',
      headers: bearer(token),
      payload: { url: 'http://93.184.215.14/hook', events: ['referral.created'] },
    });
    expect(http.statusCode).toBe(422);
    expect(http.json().errors.url).toBe(m.urlHttpsOnly);
    const creds = await strict.app.inject({
      method: 'POST',
      url: '/api/v1/admin/webhooks',
      headers: bearer(token),
      payload: { url: 'https://user:pw@93.184.215.14/hook', events: ['referral.created'] },
    });
    expect(creds.json().errors.url).toBe(m.urlCredentials);
    const ok = await strict.app.inject({
      method: 'POST',
      url: '/api/v1/admin/webhooks',
      headers: bearer(token),
      payload: { url: 'https://93.184.215.14/hook', events: ['referral.created'] },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a loopback address at delivery time too (an address that changed after registration)', async () => {
    const r = await startReceiver();
    try {
      const [endpoint] = await strict.db
        .insert(webhookEndpoints)
        .values({
          url: r.url.replace('127.0.0.1', 'localhost'),
          events: ['referral.created'],
          secretSealed: 'x',
          secretHint: 'x',
        })
        .returning();
      await strict.db
        .update(webhookEndpoints)
        .set({ secretSealed: sealSecret(strict.config, endpoint!.id, 'whsec_' + Buffer.alloc(32, 1).toString('base64')) })
        .where(eq(webhookEndpoints.id, endpoint!.id));
      // As if DEVELOPMENT allowed http: only the address is refused.
      await strict.db.transaction((tx) =>
        publishIntegrationEvent(tx, { type: 'referral.created', data: { referral: { id: 'x' } } }),
      );
      const run = (handlers: OutboxHandlers) => createOutboxProcessor(strict.db, { handlers, log: strict.app.log }).processDue();
      await run(strict.app.outbox.handlers);
      const devConfig = { ...strict.config, NODE_ENV: 'development' as const };
      await run({
        [WEBHOOK_DELIVER_ACTION]: createDeliveryHandler({
          config: devConfig,
          options: { timeoutMs: 1000, circuitDelayMs: () => 1000 },
        }),
      });
      expect(r.hits()).toBe(0);
      const [attempt] = await strict.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint!.id));
      expect(attempt).toMatchObject({ ok: false, statusCode: null, error: m.urlRefused });
    } finally {
      await r.close();
    }
  });
});

describe('isAddressAllowed', () => {
  const strict = { allowLoopback: false };
  it.each([
    ['8.8.8.8', true],
    ['93.184.215.14', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.0.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.0.10', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00:ec2::254', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::a9fe:a9fe', false],
    ['not-an-ip', false],
  ])('%s → %s', (address, allowed) => {
    expect(isAddressAllowed(address, strict)).toBe(allowed);
  });
  it('lets loopback through only when the switch is on, and never private ranges', () => {
    expect(isAddressAllowed('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isAddressAllowed('::1', { allowLoopback: true })).toBe(true);
    expect(isAddressAllowed('10.0.0.1', { allowLoopback: true })).toBe(false);
    expect(isAddressAllowed('169.254.169.254', { allowLoopback: true })).toBe(false);
  });
});

describe('WEBHOOKS_ALLOW_LOOPBACK', () => {
  it('is refused in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', WEBHOOKS_ALLOW_LOOPBACK: 'on', DATA_DIR: '/tmp/x' })).toThrow(
      'WEBHOOKS_ALLOW_LOOPBACK=on is for tests and development only',
    );
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/x' }).WEBHOOKS_ALLOW_LOOPBACK).toBe('off');
  });
});
