import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { composeLeadPayload, messages } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { auditLog, leads, passwordResets, sessions, settings, users } from '../../db/schema';
import { createOutboxProcessor } from '../../lib/outbox';
import { settleBackgroundTasks } from '../users/background-tasks';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createPartner, DEFAULT_PASSWORD, loginAs } from '../../../test/factories';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let adminAuth: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.db, { email: 'ada@example.com' });
  adminAuth = bearer(await loginAs(ctx.app, admin));
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.mailer.sent.length = 0;
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload && { payload }) });

/** Runs the outbox until nothing is due: the mails queued so far are sent. */
async function sendQueuedMail() {
  const processor = createOutboxProcessor(ctx.db, { handlers: ctx.app.outbox.handlers, log: ctx.app.log });
  while ((await processor.processDue()) > 0);
}

const linkIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const userByEmail = async (email: string) => (await ctx.db.select().from(users).where(eq(users.email, email)))[0];

describe('guard', () => {
  it.each([
    ['GET', '/admin/users'],
    ['GET', '/admin/users/export.csv'],
    ['POST', '/admin/users/invite'],
    ['GET', '/admin/users/1'],
    ['PATCH', '/admin/users/1'],
    ['POST', '/admin/users/1/disable'],
    ['GET', '/admin/stats'],
    ['GET', '/admin/crm-health'],
  ] as const)('%s %s answers 401 anonymous and 403 to a partner', async (method, url) => {
    const partner = await createPartner(ctx.db);
    expect((await call(method, url)).statusCode).toBe(401);
    expect((await call(method, url, bearer(await loginAs(ctx.app, partner)), {})).statusCode).toBe(403);
  });
});

describe('invite', () => {
  it('invite → mail with a 72-hour link → set password → login; the account shows Invited until then', async () => {
    const res = await call('POST', '/admin/users/invite', adminAuth, {
      full_name: 'Ivy Invited',
      email: 'Ivy@Example.com',
      compensation_link: 'https://pay.example.com/ivy',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: messages.adminUsers.invited,
      data: { email: 'ivy@example.com', role: 'user', status: 'invited', compensation_link: 'https://pay.example.com/ivy' },
    });
    const stored = await userByEmail('ivy@example.com');
    expect(stored).toMatchObject({ status: 'invited', invitedBy: admin.id });

    // No usable password yet.
    const early = await call('POST', '/users/login', {}, { email: 'ivy@example.com', password: DEFAULT_PASSWORD });
    expect(early.statusCode).toBe(401);

    await sendQueuedMail();
    expect(ctx.mailer.sent).toHaveLength(1);
    const mail = ctx.mailer.sent[0]!;
    expect(mail.to).toBe('ivy@example.com');
    expect(mail.subject).toBe('You are invited to Partner Portal');
    const [link] = linkIn(mail.text);
    expect(link).toMatch(/^http:\/\/portal\.test\/reset-password\?token=.+&invite=1$/);

    const [token] = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, stored!.id));
    expect(token!.purpose).toBe('invite');
    const ttl = token!.expiresAt.getTime() - token!.createdAt.getTime();
    expect(Math.round(ttl / 3_600_000)).toBe(72);

    const set = await call(
      'POST',
      '/users/reset-password',
      {},
      {
        token: tokenOf(link!),
        new_password: 'a-brand-new-password',
        confirm_new_password: 'a-brand-new-password',
      },
    );
    expect(set.statusCode).toBe(200);
    expect((await userByEmail('ivy@example.com'))!.status).toBe('active');
    // Issue 23 §6: the first password signs the person in, and no "your password was changed" mail follows.
    expect(set.json()).toMatchObject({
      status: 'success',
      message: messages.resetPassword.firstPasswordSignedIn,
      data: { user: { email: 'ivy@example.com', status: 'active' } },
    });
    const me = await call('GET', '/users/me', bearer(set.json().data.token));
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.email).toBe('ivy@example.com');
    await settleBackgroundTasks();
    await sendQueuedMail();
    expect(ctx.mailer.sent.map((m) => m.subject)).toEqual(['You are invited to Partner Portal']);
    // The used link says so, and offers no new invitation: the person signs in.
    const used = await call('GET', `/users/reset-password/status?token=${encodeURIComponent(tokenOf(link!))}`);
    expect(used.json()).toEqual({ status: 'success', data: { state: 'used', purpose: 'invite', can_request_invite: false } });
    const login = await call('POST', '/users/login', {}, { email: 'ivy@example.com', password: 'a-brand-new-password' });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.status).toBe('active');
    expect((await userByEmail('ivy@example.com'))!.lastLoginAt).not.toBeNull();

    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(stored!.id)));
    expect(audit.map((a) => a.action)).toContain('user.invite');
  });

  it('resend makes a new link and voids the old one', async () => {
    const res = await call('POST', '/admin/users/invite', adminAuth, { full_name: 'Rey Resend', email: 'rey@example.com' });
    const id = res.json().data.id as number;
    await sendQueuedMail();
    const oldLink = linkIn(ctx.mailer.sent[0]!.text)[0]!;

    const again = await call('POST', `/admin/users/${id}/resend-invite`, adminAuth);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'success', message: messages.adminUsers.inviteResent });
    await sendQueuedMail();
    expect(ctx.mailer.sent).toHaveLength(2);
    const newLink = linkIn(ctx.mailer.sent[1]!.text)[0]!;
    expect(newLink).not.toBe(oldLink);

    const body = (link: string) => ({
      token: tokenOf(link),
      new_password: 'another-password-1',
      confirm_new_password: 'another-password-1',
    });
    const old = await call('POST', '/users/reset-password', {}, body(oldLink));
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(messages.resetPassword.tokenInvalid);
    expect((await call('POST', '/users/reset-password', {}, body(newLink))).statusCode).toBe(200);
  });

  it('an invitation link expires after 72 hours', async () => {
    const res = await call('POST', '/admin/users/invite', adminAuth, { full_name: 'Old Link', email: 'expired@example.com' });
    await sendQueuedMail();
    const link = linkIn(ctx.mailer.sent[0]!.text)[0]!;
    // 72 hours and a minute later.
    await ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(passwordResets.userId, res.json().data.id));
    const late = await call(
      'POST',
      '/users/reset-password',
      {},
      { token: tokenOf(link), new_password: 'late-password-1', confirm_new_password: 'late-password-1' },
    );
    expect(late.statusCode).toBe(400);
    expect((await userByEmail('expired@example.com'))!.status).toBe('invited');

    // Issue 23 §6: the expired link says so and the person may ask for a new invitation, mailed once.
    const status = await call('GET', `/users/reset-password/status?token=${encodeURIComponent(tokenOf(link))}`);
    expect(status.json().data).toEqual({ state: 'expired', purpose: 'invite', can_request_invite: true });
    const renew = await call('POST', '/users/invitation/renew', {}, { token: tokenOf(link) });
    expect(renew.json()).toEqual({ status: 'success', message: messages.resetPassword.inviteRenewed });
    await sendQueuedMail();
    expect(ctx.mailer.sent).toHaveLength(2);
    expect(ctx.mailer.sent[1]!.to).toBe('expired@example.com');
    expect(ctx.mailer.sent[1]!.text).toContain(admin.fullName);
    const fresh = linkIn(ctx.mailer.sent[1]!.text)[0]!;
    expect(
      (await call('GET', `/users/reset-password/status?token=${encodeURIComponent(tokenOf(fresh))}`)).json().data.state,
    ).toBe('valid');
    // A second ask while the new mail is fresh sends nothing more.
    expect((await call('POST', '/users/invitation/renew', {}, { token: tokenOf(link) })).statusCode).toBe(200);
    await sendQueuedMail();
    expect(ctx.mailer.sent).toHaveLength(2);
  });

  it('an unknown link is unknown, and cannot ask for an invitation', async () => {
    const status = await call('GET', '/users/reset-password/status?token=not-a-real-token');
    expect(status.json().data).toEqual({ state: 'unknown', purpose: null, can_request_invite: false });
    const renew = await call('POST', '/users/invitation/renew', {}, { token: 'not-a-real-token' });
    expect(renew.statusCode).toBe(400);
    expect(renew.json().message).toBe(messages.resetPassword.tokenInvalid);
  });

  it('refuses a taken email and a compensation link that is not https', async () => {
    const taken = await call('POST', '/admin/users/invite', adminAuth, { full_name: 'Ada Again', email: 'ADA@example.com' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: messages.auth.emailTaken });
    const http = await call('POST', '/admin/users/invite', adminAuth, {
      full_name: 'X',
      email: 'x@example.com',
      compensation_link: 'javascript:alert(1)',
    });
    expect(http.statusCode).toBe(400);
    expect(http.json().errors).toEqual({ compensation_link: messages.adminUsers.compensationLinkInvalid });
  });
});

describe('edit', () => {
  it('changes name, email (both addresses told), link, note and clears the Pixel ID; the uuid stays', async () => {
    const partner = await createPartner(ctx.db, { email: 'before@example.com', facebookPixelId: '12345' });
    const res = await call('PATCH', `/admin/users/${partner.id}`, adminAuth, {
      full_name: 'Renamed Partner',
      email: 'after@example.com',
      compensation_link: 'https://pay.example.com/p',
      notes_internal: 'Met at the fair',
      facebook_pixel_id: '',
      uuid: '00000000-0000-0000-0000-000000000000',
    });
    expect(res.statusCode).toBe(200);
    const stored = (await ctx.db.select().from(users).where(eq(users.id, partner.id)))[0]!;
    expect(stored).toMatchObject({
      fullName: 'Renamed Partner',
      email: 'after@example.com',
      compensationLink: 'https://pay.example.com/p',
      notesInternal: 'Met at the fair',
      facebookPixelId: '',
      uuid: partner.uuid,
    });
    await sendQueuedMail();
    expect(ctx.mailer.sent.map((m) => m.to).sort()).toEqual(['after@example.com', 'before@example.com']);

    const detail = await call('GET', `/admin/users/${partner.id}`, adminAuth);
    expect(detail.json().data).toMatchObject({
      notes_internal: 'Met at the fair',
      compensation_link: 'https://pay.example.com/p',
    });
    expect(detail.json().data.audit[0]).toMatchObject({ action: 'user.update', actor: { id: admin.id } });
  });

  it('refuses an email another account has, and an http compensation link', async () => {
    const partner = await createPartner(ctx.db);
    const taken = await call('PATCH', `/admin/users/${partner.id}`, adminAuth, { email: 'ada@example.com' });
    expect(taken.statusCode).toBe(409);
    const http = await call('PATCH', `/admin/users/${partner.id}`, adminAuth, { compensation_link: 'http://pay.example.com' });
    expect(http.statusCode).toBe(400);
  });

  it('changes a role, but never the caller’s own nor the last admin’s', async () => {
    const partner = await createPartner(ctx.db);
    expect((await call('PATCH', `/admin/users/${partner.id}`, adminAuth, { role: 'admin' })).statusCode).toBe(200);
    expect((await call('PATCH', `/admin/users/${partner.id}`, adminAuth, { role: 'user' })).statusCode).toBe(200);

    const self = await call('PATCH', `/admin/users/${admin.id}`, adminAuth, { role: 'user' });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(messages.adminUsers.notYourself);

    // The last active admin: even a direct service call (no self check) is refused.
    const { updateUser } = await import('./admin-users-service');
    const stranger = { ...admin, id: -1 } as unknown as Parameters<typeof updateUser>[3];
    const otherAdmins = await ctx.db.select().from(users).where(eq(users.role, 'admin'));
    expect(otherAdmins.map((u) => u.id)).toEqual([admin.id]);
    await expect(updateUser(ctx.db, admin.id, { role: 'user' }, stranger)).rejects.toThrow(messages.adminUsers.lastAdmin);
  });
});

describe('disable and enable', () => {
  it('disable ends every session at once (401 on the next call), login is refused, leads are stored unattributed', async () => {
    const partner = await createPartner(ctx.db);
    const token = bearer(await loginAs(ctx.app, partner));
    const token2 = bearer(await loginAs(ctx.app, partner));
    expect((await call('GET', '/users/me', token)).statusCode).toBe(200);

    const missing = await call('POST', `/admin/users/${partner.id}/disable`, adminAuth, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ reason: messages.adminUsers.reasonRequired });

    const res = await call('POST', `/admin/users/${partner.id}/disable`, adminAuth, { reason: 'Left the program' });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/users/me', token)).statusCode).toBe(401);
    expect((await call('GET', '/users/me', token2)).statusCode).toBe(401);
    const open = await ctx.db.select().from(sessions).where(eq(sessions.userId, partner.id));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);

    const login = await call('POST', '/users/login', {}, { email: partner.email, password: partner.password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ status: 'error', message: messages.auth.accountDisabled });

    const lead = composeLeadPayload(buildReferralForm({ email: 'merchant-of-disabled@example.com' }), partner.uuid);
    const submitted = await call('POST', '/leads/referral/by-uuid', {}, lead);
    expect(submitted.statusCode).toBe(201);
    const [stored] = await ctx.db.select().from(leads).where(eq(leads.email, 'merchant-of-disabled@example.com'));
    expect(stored).toMatchObject({ partnerId: null, referralUuid: partner.uuid });

    const detail = (await call('GET', `/admin/users/${partner.id}`, adminAuth)).json().data;
    expect(detail).toMatchObject({ status: 'disabled', disabled_reason: 'Left the program' });

    const enabled = await call('POST', `/admin/users/${partner.id}/enable`, adminAuth, { reason: 'Back' });
    expect(enabled.statusCode).toBe(200);
    // Access comes back; old sessions do not.
    expect((await call('GET', '/users/me', token)).statusCode).toBe(401);
    expect((await call('POST', '/users/login', {}, { email: partner.email, password: partner.password })).statusCode).toBe(200);
    const actions = (
      await ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(partner.id)))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['user.disable', 'user.enable']));
  });

  it('refuses to disable oneself', async () => {
    const res = await call('POST', `/admin/users/${admin.id}/disable`, adminAuth, { reason: 'x' });
    expect(res.statusCode).toBe(409);
  });

  it('signs a user out everywhere and sends a reset mail', async () => {
    const partner = await createPartner(ctx.db);
    const token = bearer(await loginAs(ctx.app, partner));
    expect((await call('POST', `/admin/users/${partner.id}/revoke-sessions`, adminAuth)).statusCode).toBe(200);
    expect((await call('GET', '/users/me', token)).statusCode).toBe(401);

    expect((await call('POST', `/admin/users/${partner.id}/send-reset`, adminAuth)).statusCode).toBe(200);
    await sendQueuedMail();
    // Other mails of earlier tests (admins told of new leads) may go out in the same pass.
    const toPartner = ctx.mailer.sent.filter((mail) => mail.to === partner.email);
    expect(toPartner).toHaveLength(1);
    expect(linkIn(toPartner[0]!.text)[0]).toMatch(/reset-password\?token=/);
  });
});

describe('list and export', () => {
  it('searches, filters, sorts by figures and pages with a cursor', async () => {
    await ctx.db.delete(leads);
    const a = await createPartner(ctx.db, { fullName: 'Zed Many', email: 'zed.many@example.com' });
    const b = await createPartner(ctx.db, { fullName: 'Yan Few', email: 'yan.few@example.com' });
    const c = await createPartner(ctx.db, { fullName: 'Xia None', email: 'xia.none@example.com' });
    const lead = (partnerId: number, n: number, status: 'new' | 'approved') =>
      ctx.db.insert(leads).values({
        partnerId,
        referralUuid: 'x',
        firstName: 'M',
        email: `m${partnerId}-${n}-${status}@example.com`,
        company: 'Co',
        businessType: 'Retail',
        countryCode: '+1',
        phoneDigits: '5551234567',
        title: '+15551234567',
        notes: '',
        description: '',
        smsConsent: true,
        marketingConsent: true,
        consentTextVersion: 'v1:',
        ipHash: 'h',
        source: 'landing_page',
        status,
      });
    for (let i = 0; i < 3; i++) await lead(a.id, i, 'new');
    await lead(a.id, 9, 'approved');
    await lead(b.id, 0, 'approved');

    const byReferrals = await call('GET', '/admin/users?role=user&sort=referrals&dir=desc&limit=2', adminAuth);
    expect(byReferrals.statusCode).toBe(200);
    const page1 = byReferrals.json().data;
    expect(page1.items.map((u: { id: number }) => u.id)).toEqual([a.id, b.id]);
    expect(page1.items[0]).toMatchObject({ referrals: 4, approved: 1, conversion: 0.25 });
    expect(page1.items[1]).toMatchObject({ referrals: 1, approved: 1, conversion: 1 });
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = (
      await call('GET', `/admin/users?role=user&sort=referrals&dir=desc&limit=2&cursor=${page1.next_cursor}`, adminAuth)
    ).json().data;
    expect(page2.items.map((u: { id: number }) => u.id)).not.toContain(a.id);
    expect(page2.items.map((u: { id: number }) => u.id)).toContain(c.id);

    const search = (await call('GET', '/admin/users?search=yan.few', adminAuth)).json().data.items;
    expect(search.map((u: { id: number }) => u.id)).toEqual([b.id]);
    const byUuid = (await call('GET', `/admin/users?search=${a.uuid}`, adminAuth)).json().data.items;
    expect(byUuid.map((u: { id: number }) => u.id)).toEqual([a.id]);

    const idle = (await call('GET', '/admin/users?role=user&no_recent_referrals=true&limit=100', adminAuth)).json().data.items;
    const idleIds = idle.map((u: { id: number }) => u.id);
    expect(idleIds).toContain(c.id);
    expect(idleIds).not.toContain(a.id);

    const invited = (await call('GET', '/admin/users?status=invited&limit=100', adminAuth)).json().data.items;
    expect(invited.every((u: { status: string }) => u.status === 'invited')).toBe(true);

    const byName = (await call('GET', '/admin/users?sort=name&dir=asc&limit=100', adminAuth)).json().data.items as {
      full_name: string;
    }[];
    const names = byName.map((u) => u.full_name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('exports the filter as CSV, neutralising formula cells', async () => {
    await createPartner(ctx.db, { fullName: '=HYPERLINK("http://evil")', email: 'formula@example.com' });
    const res = await call('GET', '/admin/users/export.csv?search=formula@example.com', adminAuth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,full_name,email,role,status,created_at,last_login_at,referral_link,compensation_link,facebook_pixel_id,referrals_total,referrals_approved,conversion_rate',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain('formula@example.com');
  });
});

describe('who may join', () => {
  const registration = (email: string) => ({
    full_name: 'New Applicant',
    email,
    password: 'applicant-password-1',
    confirm_password: 'applicant-password-1',
  });

  it('approval: the applicant signs in to a pending account, admins are mailed; approve sends the welcome mail', async () => {
    await ctx.db.insert(settings).values({ key: 'Registration Mode', value: 'approval' });
    try {
      const res = await call('POST', '/users/register', {}, registration('applicant@example.com'));
      expect(res.statusCode).toBe(201);
      expect(res.json().data.user.status).toBe('pending_approval');
      const token = bearer(res.json().data.token);
      expect((await call('GET', '/users/me', token)).json().data.user.status).toBe('pending_approval');
      // Nothing else is open to them yet.
      expect((await call('GET', '/users/user/get-pixel-id', token)).statusCode).toBe(403);

      await sendQueuedMail();
      const adminMail = ctx.mailer.sent.find((m) => m.to === 'ada@example.com');
      expect(adminMail?.subject).toBe('New partner application: New Applicant');

      const login = await call('POST', '/users/login', {}, { email: 'applicant@example.com', password: 'applicant-password-1' });
      expect(login.statusCode).toBe(200);

      const stats = (await call('GET', '/admin/stats', adminAuth)).json().data;
      expect(stats.todo.applications).toBe(1);

      const id = res.json().data.user.id as number;
      ctx.mailer.sent.length = 0;
      expect((await call('POST', `/admin/users/${id}/approve`, adminAuth)).statusCode).toBe(200);
      expect((await call('GET', '/users/user/get-pixel-id', token)).statusCode).toBe(200);
      await sendQueuedMail();
      expect(ctx.mailer.sent).toHaveLength(1);
      const stored = await userByEmail('applicant@example.com');
      expect(ctx.mailer.sent[0]!.text).toContain(`http://portal.test/referral/${stored!.uuid}`);
      expect((await call('POST', `/admin/users/${id}/approve`, adminAuth)).statusCode).toBe(409);
    } finally {
      await ctx.db.delete(settings);
    }
  });

  it('approval: reject takes a reason and an optional message, mails it, and ends the account', async () => {
    await ctx.db.insert(settings).values({ key: 'Registration Mode', value: 'approval' });
    try {
      const res = await call('POST', '/users/register', {}, registration('rejected@example.com'));
      const id = res.json().data.user.id as number;
      const bad = await call('POST', `/admin/users/${id}/reject`, adminAuth, { reason: 'because' });
      expect(bad.statusCode).toBe(400);
      await sendQueuedMail();
      ctx.mailer.sent.length = 0;
      const ok = await call('POST', `/admin/users/${id}/reject`, adminAuth, {
        reason: 'not_a_fit',
        message: 'Try again next year.',
      });
      expect(ok.statusCode).toBe(200);
      expect((await call('GET', '/users/me', bearer(res.json().data.token))).statusCode).toBe(401);
      await sendQueuedMail();
      expect(ctx.mailer.sent[0]!.text).toContain('Not the right fit');
      expect(ctx.mailer.sent[0]!.text).toContain('Try again next year.');
      expect((await userByEmail('rejected@example.com'))!.status).toBe('disabled');
    } finally {
      await ctx.db.delete(settings);
    }
  });

  it('invite only: registration is refused with a clear message', async () => {
    await ctx.db.insert(settings).values({ key: 'Registration Mode', value: 'invite_only' });
    try {
      const res = await call('POST', '/users/register', {}, registration('nobody@example.com'));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 'error', message: messages.auth.registrationClosed });
      expect(await userByEmail('nobody@example.com')).toBeUndefined();
    } finally {
      await ctx.db.delete(settings);
    }
  });
});
