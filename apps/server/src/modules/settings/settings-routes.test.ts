import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { defaultDualPricingTerms, limits, messages, settingKeys, settingMessages } from '@portal/contract';
import { auditLog, settings } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createPartner, loginAs } from '../../../test/factories';

let ctx: TestContext;
let admin: Record<string, string>;
let partner: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMITS: 'off' });
  admin = bearer(await loginAs(ctx.app, await createAdmin(ctx.db)));
  partner = bearer(await loginAs(ctx.app, await createPartner(ctx.db)));
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.delete(settings);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

const storedSettings = () => ctx.db.select({ key: settings.key, value: settings.value }).from(settings);
const contactUsPath = '/admin/settings/Contact%20Us';

describe('admin settings', () => {
  const adminCalls: [Method, string, object?][] = [
    ['GET', '/admin/settings'],
    ['POST', '/admin/settings', { key: 'A', value: 'B' }],
    ['PUT', contactUsPath, { value: 'B' }],
    ['DELETE', contactUsPath],
  ];

  it.each(adminCalls)('%s %s needs a session (401) and role admin (403)', async (method, url, payload) => {
    const anonymous = await call(method, url, {}, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ status: 'error', message: messages.auth.unauthorized });
    const asPartner = await call(method, url, partner, payload);
    expect(asPartner.statusCode).toBe(403);
    expect(asPartner.json()).toEqual({ status: 'error', message: messages.auth.forbidden });
  });

  it('records every write in the audit log with the admin, the before and the after', async () => {
    await ctx.db.delete(auditLog);
    await call('POST', '/admin/settings', admin, { key: 'Audit Key', value: 'one' });
    await call('PUT', '/admin/settings/Audit%20Key', admin, { value: 'two' });
    await call('DELETE', '/admin/settings/Audit%20Key', admin);
    await call('PUT', '/admin/settings/Missing', admin, { value: 'x' }); // refused: nothing recorded

    const rows = await ctx.db.select().from(auditLog).orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.targetType, r.targetId, r.before, r.after])).toEqual([
      ['setting.create', 'setting', 'Audit Key', null, { key: 'Audit Key', value: 'one' }],
      ['setting.update', 'setting', 'Audit Key', { key: 'Audit Key', value: 'one' }, { key: 'Audit Key', value: 'two' }],
      ['setting.delete', 'setting', 'Audit Key', { key: 'Audit Key', value: 'two' }, null],
    ]);
    expect(new Set(rows.map((r) => r.actorId)).size).toBe(1);
    expect(rows[0]!.actorId).not.toBeNull();
  });

  it('lists nothing on a fresh install', async () => {
    const res = await call('GET', '/admin/settings', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: [] });
  });

  it('adds a setting, trimmed, and lists settings sorted by key', async () => {
    const res = await call('POST', '/admin/settings', admin, { key: ' Support Phone ', value: ' +1 555 0100 ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      status: 'success',
      message: messages.settings.added,
      data: { key: 'Support Phone', value: '+1 555 0100' },
    });
    await call('POST', '/admin/settings', admin, { key: 'Contact Us', value: 'https://example.com/contact' });
    await call('POST', '/admin/settings', admin, { key: 'banner', value: 'Hello' });

    const list = await call('GET', '/admin/settings', admin);
    expect(list.json()).toEqual({
      status: 'success',
      data: [
        { key: 'banner', value: 'Hello' },
        { key: 'Contact Us', value: 'https://example.com/contact' },
        { key: 'Support Phone', value: '+1 555 0100' },
      ],
    });
  });

  it('refuses a key that already exists', async () => {
    await call('POST', '/admin/settings', admin, { key: 'Contact Us', value: 'https://a.example.com' });
    const res = await call('POST', '/admin/settings', admin, { key: 'Contact Us', value: 'https://b.example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 'error',
      message: messages.settings.keyTaken,
      errors: { key: messages.settings.keyTaken },
    });
    expect(await storedSettings()).toEqual([{ key: 'Contact Us', value: 'https://a.example.com' }]);
  });

  it('updates only the value of a key holding a space, ignoring any key in the body', async () => {
    await call('POST', '/admin/settings', admin, { key: 'Contact Us', value: 'https://old.example.com' });
    const res = await call('PUT', contactUsPath, admin, { key: 'Renamed', value: 'https://new.example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: messages.settings.updated,
      data: { key: 'Contact Us', value: 'https://new.example.com' },
    });
    expect(await storedSettings()).toEqual([{ key: 'Contact Us', value: 'https://new.example.com' }]);
  });

  it('deletes a setting, then answers 404 for it', async () => {
    await call('POST', '/admin/settings', admin, { key: 'Contact Us', value: 'https://example.com' });
    const res = await call('DELETE', contactUsPath, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: messages.settings.deleted });
    expect(await ctx.db.select().from(settings).where(eq(settings.key, 'Contact Us'))).toEqual([]);

    const again = await call('DELETE', contactUsPath, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ status: 'error', message: messages.settings.notFound });
  });

  it('answers 404 when updating an unknown key', async () => {
    const res = await call('PUT', '/admin/settings/Nothing%20Here', admin, { value: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: messages.settings.notFound });
  });

  it.each([
    ['POST', '/admin/settings', { key: '   ', value: 'x' }, 'key', messages.settings.keyRequired],
    ['POST', '/admin/settings', { value: 'x' }, 'key', messages.settings.keyRequired],
    ['POST', '/admin/settings', { key: 'A', value: '  ' }, 'value', messages.settings.valueRequired],
    ['POST', '/admin/settings', { key: 'A' }, 'value', messages.settings.valueRequired],
    ['PUT', contactUsPath, { value: ' ' }, 'value', messages.settings.valueRequired],
  ] as const)('%s %s %j answers 400 with the field message', async (method, url, payload, field, message) => {
    const res = await call(method, url, admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message, errors: { [field]: message } });
    expect(await storedSettings()).toEqual([]);
  });
});

describe('known setting keys', () => {
  it.each([
    [settingKeys.contactUs, 'javascript:alert(1)', settingMessages.urlInvalid],
    [settingKeys.contactUs, 'www.example.com', settingMessages.urlInvalid],
    [settingKeys.contactUs, 'ftp://example.com', settingMessages.urlInvalid],
    [settingKeys.logoUrl, 'data:image/png;base64,AAAA', settingMessages.urlInvalid],
    [settingKeys.supportPhone, 'call us', settingMessages.phoneInvalid],
    [settingKeys.supportPhone, '12345', settingMessages.phoneInvalid],
    [settingKeys.registrationMode, 'closed', settingMessages.registrationModeInvalid],
    [settingKeys.newLeadEmails, 'yes', settingMessages.newLeadEmailsInvalid],
    [settingKeys.programTerms, 'x'.repeat(301), settingMessages.programTermsInvalid],
    [settingKeys.companyName, 'x'.repeat(101), settingMessages.companyNameTooLong],
  ])('refuses %s = %j with a field message on create and update', async (key, value, message) => {
    const created = await call('POST', '/admin/settings', admin, { key, value });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ status: 'error', message, errors: { value: message } });
    expect(await storedSettings()).toEqual([]);

    await ctx.db.insert(settings).values({ key, value: 'placeholder' });
    const updated = await call('PUT', `/admin/settings/${encodeURIComponent(key)}`, admin, { value });
    expect(updated.statusCode).toBe(400);
    expect(updated.json()).toEqual({ status: 'error', message, errors: { value: message } });
    expect(await storedSettings()).toEqual([{ key, value: 'placeholder' }]);
  });

  it.each([
    [settingKeys.contactUs, 'https://example.com/contact'],
    [settingKeys.contactUs, 'http://example.com'],
    [settingKeys.supportPhone, '+1 (800) 555-0100'],
    [settingKeys.registrationMode, 'invite_only'],
    [settingKeys.newLeadEmails, 'off'],
    [settingKeys.companyName, 'Acme Payments'],
  ])('accepts %s = %j', async (key, value) => {
    const res = await call('POST', '/admin/settings', admin, { key, value });
    expect(res.statusCode).toBe(201);
    expect(await storedSettings()).toEqual([{ key, value }]);
  });

  it('stores a known key in its one spelling, and leaves any other key free', async () => {
    const known = await call('POST', '/admin/settings', admin, { key: 'contact us', value: 'https://example.com' });
    expect(known.json().data).toEqual({ key: settingKeys.contactUs, value: 'https://example.com' });
    const other = await call('POST', '/admin/settings', admin, { key: 'Banner', value: 'javascript: is just text here' });
    expect(other.statusCode).toBe(201);
  });
});

describe('GET /settings/public', () => {
  it('answers the defaults without a session or any setting', async () => {
    const res = await call('GET', '/settings/public');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      data: {
        companyName: null,
        logoUrl: null,
        contactUrl: null,
        supportPhone: null,
        programTerms: null,
        registrationMode: 'open',
        dualPricing: defaultDualPricingTerms,
        inactivityLogoutMs: limits.inactivityLogoutMs,
        publicUrl: 'http://portal.test',
      },
    });
  });

  it('answers the settings that replace the defaults, and nothing else', async () => {
    await ctx.db.insert(settings).values([
      { key: settingKeys.contactUs, value: 'https://example.com/talk-to-us' },
      { key: settingKeys.supportPhone, value: '+44 20 7946 0000' },
      { key: settingKeys.programTerms, value: '$150 per approved merchant' },
      { key: 'Internal Secret', value: 'not for the public' },
    ]);
    const res = await call('GET', '/settings/public');
    expect(res.json()).toEqual({
      status: 'success',
      data: {
        companyName: null,
        logoUrl: null,
        contactUrl: 'https://example.com/talk-to-us',
        supportPhone: '+44 20 7946 0000',
        programTerms: '$150 per approved merchant',
        registrationMode: 'open',
        dualPricing: defaultDualPricingTerms,
        inactivityLogoutMs: limits.inactivityLogoutMs,
        publicUrl: 'http://portal.test',
      },
    });
    expect(res.body).not.toContain('not for the public');
  });

  it('answers every brand setting, and no URL that is not http(s), even one stored before validation', async () => {
    await ctx.db.insert(settings).values([
      { key: settingKeys.companyName, value: 'Acme Payments' },
      { key: settingKeys.logoUrl, value: 'javascript:alert(1)' },
      { key: settingKeys.contactUs, value: 'not a url' },
      { key: settingKeys.programTerms, value: 'Paid monthly.' },
      { key: settingKeys.registrationMode, value: 'approval' },
      { key: settingKeys.dualPricingFee, value: '4' },
      { key: settingKeys.dualPricingMonthlyFee, value: '99' },
      { key: settingKeys.dualPricingRemainingRate, value: 'lots' },
    ]);
    const res = await call('GET', '/settings/public');
    expect(res.json().data).toEqual({
      companyName: 'Acme Payments',
      logoUrl: null,
      contactUrl: null,
      supportPhone: null,
      programTerms: 'Paid monthly.',
      registrationMode: 'approval',
      dualPricing: { customerFeePct: 4, monthlyProgramFee: 99, remainingRatePct: 0 },
      inactivityLogoutMs: limits.inactivityLogoutMs,
      publicUrl: 'http://portal.test',
    });
  });

  it('answers the configured inactivity timeout and PUBLIC_URL, whatever address the request came on', async () => {
    const short = await createTestContext({ INACTIVITY_LOGOUT_MS: '1500', PUBLIC_URL: 'https://partners.example.com/' });
    try {
      const res = await short.app.inject({
        method: 'GET',
        url: '/api/v1/settings/public',
        headers: { host: '10.0.0.7:3000' },
      });
      expect(res.json().data.inactivityLogoutMs).toBe(1500);
      // Partners' links and QR codes are built on it, so they never carry an internal address.
      expect(res.json().data.publicUrl).toBe('https://partners.example.com');
    } finally {
      await short.close();
    }
  });
});
