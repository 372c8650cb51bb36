import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyMessages as m,
  commissionMessages,
  partnerApiMessages,
  pipelineMessages,
  type PartnerReferralRequest,
} from '@portal/contract';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createLeadFor, createPartner, loginAs } from '../../../test/factories';
import { deleteRedisKeys, noRedisReason, openTwoInstances, testRedisUrl, uniqueRedisPrefix } from '../../../test/redis';
import { apiKeys, idempotencyKeys, leadEvents, leads } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { apiKeyRateLimit, isIpAllowed } from '../../lib/api-key-auth';

const referral = (overrides: Partial<PartnerReferralRequest> = {}): PartnerReferralRequest => ({
  First_Name: 'Maria',
  Last_Name: 'Lopez',
  Email: `maria-${Math.random().toString(36).slice(2, 8)}@bakery.example`,
  Company: 'Corner Bakery',
  Business_Type: 'Restaurant',
  Title: '+1 4155550123',
  Description: 'Two terminals',
  countryCode: '+1',
  phoneNumber: '4155550123',
  smsConsent: true,
  marketingConsent: true,
  consent: { text_version: 'pos-vendor-2026-10', obtained_at: '2026-11-20T10:00:00Z', method: 'in_person' },
  ...overrides,
});

/** The admin routes an admin key works on, per permission (lib/admin-api-examples.ts describes them). */
const adminApi = {
  'referrals:read': ['GET /api/v1/admin/leads', 'GET /api/v1/admin/leads/:id'],
  'referrals:write': ['POST /api/v1/admin/leads/:id/status'],
  'commissions:read': ['GET /api/v1/admin/statements', 'GET /api/v1/admin/commissions/lines'],
  'residuals:import': ['POST /api/v1/admin/commissions/imports', 'POST /api/v1/admin/commissions/imports/:id/commit'],
};

/** A residual report upload as a browser's FormData sends it. */
function reportUpload(csv: string, dryRun: boolean) {
  const boundary = '----api-key-test';
  const fields = {
    month: '2026-10',
    processor: 'Acme Processing',
    dry_run: String(dryRun),
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

let ctx: TestContext;

async function newKey(token: string, body: Record<string, unknown>, url = '/api/v1/users/api-keys') {
  const res = await ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; key: string; prefix: string };
}

const submit = (key: string, body: unknown, idempotencyKey?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/partner/referrals',
    headers: { ...bearer(key), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: body as object,
  });

describe('API keys and the partner referrals API', () => {
  let partner: Awaited<ReturnType<typeof createPartner>>;
  let partnerToken: string;
  let adminToken: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    partner = await createPartner(ctx.db);
    partnerToken = await loginAs(ctx.app, partner);
    adminToken = await loginAs(ctx.app, await createAdmin(ctx.db));
  });
  afterAll(() => ctx.close());

  it('shows a key once, stores only its hash, and lists it by prefix', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/api-keys',
      headers: bearer(partnerToken),
      payload: { name: 'POS', scopes: ['referrals:write', 'referrals:read'] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(m.created);
    const { key, prefix, id } = res.json().data;
    expect(key).toMatch(/^ppk_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(prefix).toHaveLength(12);
    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.keyHash).toBe(hashToken(key));
    expect(JSON.stringify(row)).not.toContain(key);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/api-keys', headers: bearer(partnerToken) });
    expect(list.body).not.toContain(key);
    expect(list.json().data.items[0]).toMatchObject({ id, prefix, name: 'POS', last_used_at: null, revoked_at: null });
  });

  it('refuses scopes a partner cannot have, and partner keys to admins', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/api-keys',
      headers: bearer(partnerToken),
      payload: { name: 'x', scopes: ['commissions:read'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['scopes.0']).toBe(m.scopeUnknown);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/api-keys',
      headers: bearer(partnerToken),
      payload: { name: ' ', scopes: [] },
    });
    expect(empty.json().errors).toMatchObject({ name: m.nameRequired, scopes: m.scopesRequired });
    const badIp = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/api-keys',
      headers: bearer(partnerToken),
      payload: { name: 'x', scopes: ['referrals:read'], allowed_ips: ['10.0.0.300'] },
    });
    expect(badIp.json().errors['allowed_ips.0']).toBe(m.ipInvalid);
    const asAdmin = await ctx.app.inject({ method: 'GET', url: '/api/v1/users/api-keys', headers: bearer(adminToken) });
    expect(asAdmin.statusCode).toBe(403);
  });

  it('admins create keys with the admin scopes; partners cannot reach them', async () => {
    const key = await newKey(
      adminToken,
      { name: 'BI', scopes: ['commissions:read', 'referrals:read'] },
      '/api/v1/admin/api-keys',
    );
    expect(key.key).toMatch(/^ppk_/);
    const asPartner = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/api-keys', headers: bearer(partnerToken) });
    expect(asPartner.statusCode).toBe(403);
    const audit = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/audit', headers: bearer(adminToken) });
    expect(audit.body).toContain('api_key.create');
    expect(audit.body).not.toContain(key.key);
  });

  it('a partner key submits a referral with the form’s rules, an Idempotency-Key and the consent attestation', async () => {
    const { key } = await newKey(partnerToken, { name: 'POS', scopes: ['referrals:write', 'referrals:read'] });
    const body = referral();
    const first = await submit(key, body, 'order-1001');
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().data.id as string;
    expect(first.json().data).toEqual({ id, status: 'new', consent_text_version: 'pos-vendor-2026-10' });
    // Same key, same body: the first answer, nothing created twice.
    const again = await submit(key, body, 'order-1001');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await ctx.db.select().from(leads).where(eq(leads.email, body.Email))).toHaveLength(1);
    // Same key, another body: refused.
    const other = await submit(key, referral(), 'order-1001');
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(partnerApiMessages.idempotencyKeyReused);
    // With a key, the header is required.
    const without = await submit(key, referral());
    expect(without.statusCode).toBe(400);

    const [lead] = await ctx.db.select().from(leads).where(eq(leads.publicId, id));
    expect(lead).toMatchObject({
      partnerId: partner.id,
      source: 'portal',
      consentTextVersion: 'pos-vendor-2026-10',
      smsConsent: true,
    });
    const [created] = await ctx.db
      .select()
      .from(leadEvents)
      .where(and(eq(leadEvents.leadId, lead!.id), eq(leadEvents.kind, 'created')));
    expect(created!.data).toMatchObject({
      via: 'api_key',
      consent_attestation: {
        text_version: 'pos-vendor-2026-10',
        obtained_at: '2026-11-20T10:00:00Z',
        method: 'in_person',
        sms_consent: true,
      },
    });
    const keyRow = (
      await ctx.db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.keyHash, hashToken(key)))
    )[0]!;
    expect(keyRow.lastUsedAt).toBeInstanceOf(Date);
  });

  it('answers the same field messages as the form, and requires the attestation', async () => {
    const { key } = await newKey(partnerToken, { name: 'POS', scopes: ['referrals:write'] });
    const bad = { Email: 'not-an-email', Company: '', First_Name: 'M', phoneNumber: '12', countryCode: '+1' };
    const api = await submit(key, { ...bad, consent: { text_version: 'v1' } }, 'bad-1');
    const form = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/leads/referral/by-uuid',
      payload: { ...bad, uuid: partner.uuid },
    });
    expect(api.statusCode).toBe(400);
    expect(form.statusCode).toBe(400);
    const formErrors = form.json().errors as Record<string, string>;
    for (const field of ['Email', 'Company', 'Business_Type', 'Description', 'phoneNumber']) {
      expect(api.json().errors[field], field).toBe(formErrors[field]);
    }
    const noConsent = await submit(key, { ...referral(), consent: undefined }, 'bad-2');
    expect(noConsent.json().errors.consent).toBe(partnerApiMessages.consentRequired);
  });

  it('reads only the partner’s own referrals', async () => {
    const { key } = await newKey(partnerToken, { name: 'POS', scopes: ['referrals:write', 'referrals:read'] });
    const mine = (await submit(key, referral({ Company: 'Mine Inc' }), 'mine-1')).json().data.id;
    const other = await createPartner(ctx.db);
    const otherKey = (await newKey(await loginAs(ctx.app, other), { name: 'x', scopes: ['referrals:write', 'referrals:read'] }))
      .key;
    const theirs = (await submit(otherKey, referral({ Company: 'Theirs Inc' }), 'theirs-1')).json().data.id;
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/partner/referrals?limit=100', headers: bearer(key) });
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.items.map((i: { id: string }) => i.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    const one = await ctx.app.inject({ method: 'GET', url: `/api/v1/partner/referrals/${mine}`, headers: bearer(key) });
    expect(one.json().data).toMatchObject({ id: mine, business: 'Mine Inc', status: 'new' });
    const notMine = await ctx.app.inject({ method: 'GET', url: `/api/v1/partner/referrals/${theirs}`, headers: bearer(key) });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe(partnerApiMessages.referralNotFound);
    // The partner's session works too.
    const session = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/partner/referrals/${mine}`,
      headers: bearer(partnerToken),
    });
    expect(session.statusCode).toBe(200);
  });

  it('enforces scopes, allowed addresses, revocation and the owner’s standing', async () => {
    const readOnly = (await newKey(partnerToken, { name: 'BI', scopes: ['referrals:read'] })).key;
    const denied = await submit(readOnly, referral(), 'scope-1');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(m.scopeMissing('referrals:write'));

    const fenced = (await newKey(partnerToken, { name: 'Office', scopes: ['referrals:read'], allowed_ips: ['203.0.113.0/24'] }))
      .key;
    const fromHere = await ctx.app.inject({ method: 'GET', url: '/api/v1/partner/referrals', headers: bearer(fenced) });
    expect(fromHere.statusCode).toBe(403);
    expect(fromHere.json().message).toBe(m.ipNotAllowed);
    const fromOffice = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/partner/referrals',
      headers: bearer(fenced),
      remoteAddress: '203.0.113.9',
    });
    expect(fromOffice.statusCode).toBe(200);

    const doomed = await newKey(partnerToken, { name: 'Old', scopes: ['referrals:read'] });
    const revoke = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/api-keys/${doomed.id}`,
      headers: bearer(partnerToken),
    });
    expect(revoke.json().message).toBe(m.revoked);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/v1/partner/referrals', headers: bearer(doomed.key) });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(m.invalid);
    const twice = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/users/api-keys/${doomed.id}`,
      headers: bearer(partnerToken),
    });
    expect(twice.statusCode).toBe(409);

    const leaver = await createPartner(ctx.db);
    const leaverKey = (await newKey(await loginAs(ctx.app, leaver), { name: 'x', scopes: ['referrals:read'] })).key;
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${leaver.id}/disable`,
      headers: bearer(adminToken),
      payload: { reason: 'Left' },
    });
    const disabled = await ctx.app.inject({ method: 'GET', url: '/api/v1/partner/referrals', headers: bearer(leaverKey) });
    expect(disabled.statusCode).toBe(401);
  });

  it('admin keys work on their permission’s routes only: another permission’s route is a 403, account and settings routes refuse them', async () => {
    const admin = await createAdmin(ctx.db);
    const token = await loginAs(ctx.app, admin);
    const keyFor = async (scope: string) => (await newKey(token, { name: scope, scopes: [scope] }, '/api/v1/admin/api-keys')).key;
    const read = await keyFor('referrals:read');
    const write = await keyFor('referrals:write');
    const commissions = await keyFor('commissions:read');
    const residuals = await keyFor('residuals:import');
    const call = (key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(key), ...(payload ? { payload } : {}) });
    const lead = await createLeadFor(ctx.db, partner, { status: 'application', company: 'Key Street Pizza' });

    // referrals:read
    const list = await call(read, 'GET', '/admin/leads?q=Key%20Street');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items.map((i: { id: string }) => i.id)).toEqual([lead.publicId]);
    const one = await call(read, 'GET', `/admin/leads/${lead.publicId}`);
    expect(one.json().data).toMatchObject({ id: lead.publicId, business: 'Key Street Pizza', status: 'application' });

    // referrals:write: the move is the admin's (their name on the history), and a read key may not move.
    const move = { status: 'approved', expected_status: 'application', mid: 'KEY-MID-0001' };
    const refused = await call(read, 'POST', `/admin/leads/${lead.publicId}/status`, move);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(m.scopeMissing('referrals:write'));
    const moved = await call(write, 'POST', `/admin/leads/${lead.publicId}/status`, move);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toBe(pipelineMessages.statusUpdated);
    expect(moved.json().data.events.at(-1)).toMatchObject({ to_status: 'approved', actor: admin.fullName });
    expect((await call(write, 'GET', `/admin/leads/${lead.publicId}`)).json().message).toBe(m.scopeMissing('referrals:read'));

    // residuals:import: a dry run, then its commit.
    const report = reportUpload('MID,DBA,Volume,Net Revenue\nKEY-MID-0001,Key Street Pizza,12500.00,234.56', true);
    const dry = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/commissions/imports',
      payload: report.payload,
      headers: { ...bearer(residuals), ...report.headers },
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data.totals).toMatchObject({ rows: 1, matched: 1 });
    const notAllowed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/commissions/imports',
      payload: report.payload,
      headers: { ...bearer(commissions), ...report.headers },
    });
    expect(notAllowed.statusCode).toBe(403);
    expect(notAllowed.json().message).toBe(m.scopeMissing('residuals:import'));
    const commit = await call(residuals, 'POST', `/admin/commissions/imports/${dry.json().data.import_id}/commit`, {});
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json().message).toBe(commissionMessages.importCommitted(1));
    expect((await call(residuals, 'GET', '/admin/statements?month=2026-10')).json().message).toBe(
      m.scopeMissing('commissions:read'),
    );

    // commissions:read
    const statements = await call(commissions, 'GET', `/admin/statements?month=2026-10&partner_id=${partner.id}`);
    expect(statements.statusCode, statements.body).toBe(200);
    expect(statements.json().data.items).toEqual([expect.objectContaining({ partner_id: partner.id, status: 'draft' })]);
    const lines = await call(commissions, 'GET', `/admin/commissions/lines?month=2026-10&partner_id=${partner.id}`);
    expect(lines.json().data.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'residual', amount_cents: expect.any(Number) })]),
    );
    expect((await call(commissions, 'GET', '/admin/leads')).json().message).toBe(m.scopeMissing('referrals:read'));

    // Never on account, session or settings routes, nor the admin routes beside the admin API.
    for (const key of [read, write, commissions, residuals]) {
      for (const [method, url] of [
        ['GET', '/users/me'],
        ['GET', '/admin/settings'],
        ['GET', '/admin/api-keys'],
        ['POST', '/admin/leads/status'],
        ['POST', `/admin/leads/${lead.publicId}/notes`],
      ] as const) {
        const res = await call(key, method, url, method === 'POST' ? { note: 'x' } : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json().message).toBe(m.notAccepted);
      }
    }

    // Partner keys are not admin keys, and admin keys are not partner keys.
    const partnerKey = (await newKey(partnerToken, { name: 'POS', scopes: ['referrals:read'] })).key;
    const asPartner = await call(partnerKey, 'GET', '/admin/leads');
    expect(asPartner.statusCode).toBe(403);
    expect(asPartner.json().message).toBe(m.wrongKind('admin'));
    const asAdmin = await call(read, 'GET', '/partner/referrals');
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().message).toBe(m.wrongKind('partner'));

    // A revoked admin key is refused at once.
    const [row] = await ctx.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.keyHash, hashToken(read)));
    const revoke = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/admin/api-keys/${row!.id}`, headers: bearer(token) });
    expect(revoke.statusCode).toBe(200);
    const revoked = await call(read, 'GET', '/admin/leads');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe(m.invalid);
  });

  it('works as a bearer on the public API routes only: every other route refuses it', async () => {
    const key = (await newKey(partnerToken, { name: 'All', scopes: ['referrals:write', 'referrals:read'] })).key;
    const adminKey = (
      await newKey(
        adminToken,
        { name: 'All', scopes: ['referrals:read', 'referrals:write', 'commissions:read', 'residuals:import'] },
        '/api/v1/admin/api-keys',
      )
    ).key;
    const publicApi = new Set([
      'POST /api/v1/partner/referrals',
      'GET /api/v1/partner/referrals',
      'GET /api/v1/partner/referrals/:id',
      // The admin API (tested in 'admin keys work on their permission’s routes only').
      ...Object.values(adminApi).flat(),
    ]);
    const routes = ctx.app.registeredRoutes.filter((r) => r.method !== 'HEAD' && !publicApi.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      const url = route.url.replace(/:[a-zA-Z_]+/g, '1').replace('*', 'anything');
      for (const k of [key, adminKey]) {
        const res = await ctx.app.inject({ method: route.method as 'GET', url, headers: bearer(k), payload: {} });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json().message, `${route.method} ${route.url}`).toBe(m.notAccepted);
      }
    }
  });

  it('the hourly sweep deletes Idempotency-Keys older than 24 hours, and a swept key creates again', async () => {
    const { key } = await newKey(partnerToken, { name: 'POS', scopes: ['referrals:write'] });
    const body = referral();
    expect((await submit(key, body, 'sweep-old')).statusCode).toBe(201);
    expect((await submit(key, referral(), 'sweep-new')).statusCode).toBe(201);
    await ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, 'sweep-old'));
    const sweep = ctx.app.outbox.handlers['integrity.sweep']!;
    const entry = { payload: { slot: 0 } } as unknown as Parameters<typeof sweep.handle>[0];
    await sweep.handle(entry, { db: ctx.db, now: () => Date.now(), log: ctx.app.log });
    const left = await ctx.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((row) => row.key)).toContain('sweep-new');
    expect(left.map((row) => row.key)).not.toContain('sweep-old');
    // The key is free again: the same body is a new referral (the first is now a duplicate, 409).
    expect((await submit(key, body, 'sweep-old')).statusCode).toBe(409);
  });

  it('counts requests per key in the shared counter store', async () => {
    const limited = await createTestContext({ RATE_LIMITS: 'on' });
    try {
      const p = await createPartner(limited.db);
      const token = await loginAs(limited.app, p);
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/users/api-keys',
        headers: bearer(token),
        payload: { name: 'x', scopes: ['referrals:read'] },
      });
      const key = res.json().data.key as string;
      for (let i = 0; i < apiKeyRateLimit.max; i++) {
        const ok = await limited.app.inject({ method: 'GET', url: '/api/v1/partner/referrals?limit=1', headers: bearer(key) });
        expect(ok.statusCode).toBe(200);
      }
      const over = await limited.app.inject({ method: 'GET', url: '/api/v1/partner/referrals?limit=1', headers: bearer(key) });
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe(m.tooManyRequests);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(await limited.app.counters.get(`rate:api-key:${res.json().data.id}`)).toMatchObject({
        count: apiKeyRateLimit.max + 1,
      });
    } finally {
      await limited.close();
    }
  });
});

describe('isIpAllowed', () => {
  it.each([
    ['203.0.113.9', ['203.0.113.0/24'], true],
    ['::ffff:203.0.113.9', ['203.0.113.0/24'], true],
    ['198.51.100.1', ['203.0.113.0/24'], false],
    ['198.51.100.1', ['198.51.100.1'], true],
    ['2001:db8::5', ['2001:db8::/64'], true],
    ['10.0.0.1', [], true],
  ])('%s in %j → %s', (ip, list, allowed) => {
    expect(isIpAllowed(ip, list)).toBe(allowed);
  });
});

describe.skipIf(!testRedisUrl)(
  `two instances on one database and one Redis${testRedisUrl ? '' : ` (skipped: ${noRedisReason})`}`,
  () => {
    const prefix = uniqueRedisPrefix();
    let instances: Awaited<ReturnType<typeof openTwoInstances>>;
    beforeAll(async () => {
      instances = await openTwoInstances({ REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: prefix, RATE_LIMITS: 'on' });
    });
    afterAll(async () => {
      await instances?.close();
      await deleteRedisKeys(testRedisUrl!, prefix);
    });

    it('a key revoked on one instance is refused by the other at once', async () => {
      const { a, b } = instances;
      const p = await createPartner(a.db);
      const token = await loginAs(a.app, p);
      const created = await a.app.inject({
        method: 'POST',
        url: '/api/v1/users/api-keys',
        headers: bearer(token),
        payload: { name: 'x', scopes: ['referrals:read'] },
      });
      const { key, id } = created.json().data;
      const read = () => b.app.inject({ method: 'GET', url: '/api/v1/partner/referrals', headers: bearer(key) });
      expect((await read()).statusCode).toBe(200);
      const revoke = await a.app.inject({ method: 'DELETE', url: `/api/v1/users/api-keys/${id}`, headers: bearer(token) });
      expect(revoke.statusCode).toBe(200);
      const after = await read();
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe(m.invalid);
      expect((await a.app.inject({ method: 'GET', url: '/api/v1/partner/referrals', headers: bearer(key) })).statusCode).toBe(
        401,
      );
    });

    it('the per-key limit is one count across both instances', async () => {
      const { a, b } = instances;
      const p = await createPartner(a.db);
      const token = await loginAs(a.app, p);
      const created = await a.app.inject({
        method: 'POST',
        url: '/api/v1/users/api-keys',
        headers: bearer(token),
        payload: { name: 'x', scopes: ['referrals:read'] },
      });
      const key = created.json().data.key as string;
      for (let i = 0; i < apiKeyRateLimit.max; i++) {
        const instance = i % 2 ? a : b;
        expect(
          (await instance.app.inject({ method: 'GET', url: '/api/v1/partner/referrals?limit=1', headers: bearer(key) }))
            .statusCode,
        ).toBe(200);
      }
      expect(
        (await a.app.inject({ method: 'GET', url: '/api/v1/partner/referrals?limit=1', headers: bearer(key) })).statusCode,
      ).toBe(429);
      expect(
        (await b.app.inject({ method: 'GET', url: '/api/v1/partner/referrals?limit=1', headers: bearer(key) })).statusCode,
      ).toBe(429);
    });
  },
);
