import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { createAdmin, createPartner } from '../../../test/factories';
import { insertLead, moveLead } from '../../../test/lead-fixtures';
import { leads, outbox, settings, users } from '../../db/schema';
import { createOutboxProcessor } from '../../lib/outbox';
import type { Mail } from '../../lib/mailer';
import { createUnsubscribeToken, getUnsubscribeSecret } from './index';

let ctx: TestContext;
let partner: Awaited<ReturnType<typeof createPartner>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  ctx = await createTestContext();
  partner = await createPartner(ctx.db, { fullName: 'Pat Partner', email: 'pat@partners.example' });
  admin = await createAdmin(ctx.db, { fullName: 'Ada Admin', email: 'ada@reseller.example' });
});
afterAll(() => ctx.close());
afterEach(async () => {
  ctx.mailer.sent.length = 0;
  await ctx.db.delete(leads);
  await ctx.db.delete(outbox);
  await ctx.db.delete(settings);
  await ctx.db.update(users).set({ notifyLeadStatus: true, notifyNewReferral: true, status: 'active' });
});

/** Runs every due outbox entry, as the worker would. */
const deliver = () => createOutboxProcessor(ctx.db, { handlers: ctx.app.outbox.handlers, log: ctx.app.log }).processDue();
const mailsTo = (email: string) => ctx.mailer.sent.filter((m) => m.to === email);
const tokenOf = (mail: Mail) => new URL(mail.headers!['List-Unsubscribe']!.slice(1, -1)).searchParams.get('token')!;

function expectWellFormed(mail: Mail, brand = 'Partner Portal'): void {
  expect(mail.text).toContain(brand);
  expect(mail.html).toContain(brand);
  const url = mail.headers?.['List-Unsubscribe'];
  expect(url).toMatch(/^<http:\/\/portal\.test\/api\/v1\/notifications\/unsubscribe\?token=[^>]+>$/);
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const link = url!.slice(1, -1);
  expect(mail.text).toContain(link);
  expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
}

describe('new lead mails', () => {
  it('tells the partner and every active admin once, with both parts and the unsubscribe headers', async () => {
    const other = await createAdmin(ctx.db, { email: 'other-admin@reseller.example' });
    const disabled = await createAdmin(ctx.db, { email: 'gone@reseller.example', status: 'disabled' });
    const lead = await insertLead(ctx.app, {
      partnerId: partner.id,
      company: 'Corner Bakery',
      firstName: 'Mia',
      lastName: 'Merchant',
    });
    await deliver();
    await deliver();

    expect(ctx.mailer.sent.map((m) => m.to).sort()).toEqual([admin.email, other.email, partner.email].sort());
    expect(mailsTo(disabled.email)).toHaveLength(0);
    const [toPartner] = mailsTo(partner.email);
    expect(toPartner!.subject).toBe('New referral: Corner Bakery');
    expect(toPartner!.text).toContain('Mia Merchant of Corner Bakery');
    expect(toPartner!.text).toContain(`http://portal.test/referrals/${lead.publicId}`);
    expect(toPartner!.text).not.toContain('Private notes');
    expect(toPartner!.text).not.toContain(lead.email);
    expectWellFormed(toPartner!);

    const [toAdmin] = mailsTo(admin.email);
    expect(toAdmin!.subject).toBe('New lead: Corner Bakery');
    expect(toAdmin!.text).toContain('Partner: Pat Partner <pat@partners.example>');
    expect(toAdmin!.text).toContain(lead.email);
    expectWellFormed(toAdmin!);

    const rows = await ctx.db.select().from(outbox).orderBy(outbox.id);
    expect(rows.filter((r) => r.action.startsWith('mail.')).map((r) => [r.action, r.status, r.dedupeKey])).toEqual(
      expect.arrayContaining([['mail.new_referral', 'done', expect.stringMatching(/^mail\.new_referral:\d+:\d+$/)]]),
    );
    await ctx.db.delete(users).where(eq(users.id, other.id));
    await ctx.db.delete(users).where(eq(users.id, disabled.id));
  });

  it('sends admins nothing when New Lead Emails is off, and the partner nothing for their own submission', async () => {
    await ctx.db.insert(settings).values({ key: 'New Lead Emails', value: 'off' });
    await insertLead(ctx.app, { partnerId: partner.id, source: 'portal' }, { id: partner.id, label: partner.fullName });
    await deliver();
    expect(ctx.mailer.sent).toHaveLength(0);
  });

  it('tells admins about an unattributed lead, using the brand name of the settings', async () => {
    await ctx.db.insert(settings).values({ key: 'Company Name', value: 'Acme Payments' });
    await insertLead(ctx.app, { partnerId: null, company: 'Lost Link Ltd' });
    await deliver();
    expect(ctx.mailer.sent.map((m) => m.to)).toEqual([admin.email]);
    expect(ctx.mailer.sent[0]!.text).toContain('Partner: Unattributed');
    expectWellFormed(ctx.mailer.sent[0]!, 'Acme Payments');
  });

  it('respects preferences when queued and again when sent', async () => {
    await ctx.db.update(users).set({ notifyNewReferral: false }).where(eq(users.id, admin.id));
    await insertLead(ctx.app, { partnerId: partner.id });
    // Turned off after the mail was queued: still not sent.
    await ctx.db.update(users).set({ notifyNewReferral: false }).where(eq(users.id, partner.id));
    await deliver();
    expect(ctx.mailer.sent).toHaveLength(0);
  });
});

describe('status mails', () => {
  it('tells the partner about every move once, with the reason and only a partner-visible note', async () => {
    const lead = await insertLead(ctx.app, { partnerId: partner.id, company: 'Corner Bakery' });
    await deliver();
    ctx.mailer.sent.length = 0;

    await moveLead(ctx.app, lead, 'contacted', { actorId: admin.id, note: 'We called them today', visibleToPartner: true });
    await moveLead(ctx.app, lead, 'lost', {
      actorId: admin.id,
      reason: 'chose_competitor',
      note: 'Internal: they went with a rival',
      visibleToPartner: false,
    });
    await deliver();
    await deliver();

    // The worker sends side by side: found by subject, not by order.
    const bySubject = (subject: string) => mailsTo(partner.email).find((m) => m.subject === subject)!;
    const sent = [bySubject('Corner Bakery: Contacted'), bySubject('Corner Bakery: Closed – not moving forward')];
    expect(mailsTo(partner.email)).toHaveLength(2);
    expect(ctx.mailer.sent).toHaveLength(2);
    expect(sent[0]!.text).toContain('Note: We called them today');
    expect(sent[0]!.html).toContain('We called them today');
    expect(sent[0]!.text).toContain(`http://portal.test/referrals/${lead.publicId}`);
    expect(sent[1]!.text).toContain('Reason: Chose another provider');
    expect(sent[1]!.text).toContain('Previous status: Contacted');
    expect(sent[1]!.text).not.toContain('Internal');
    expect(sent[1]!.html).not.toContain('Internal');
    for (const mail of sent) expectWellFormed(mail);
  });

  it('sends nothing to a partner who turned status mails off, nor about an unattributed lead', async () => {
    await ctx.db.update(users).set({ notifyLeadStatus: false }).where(eq(users.id, partner.id));
    const mine = await insertLead(ctx.app, { partnerId: partner.id });
    const orphan = await insertLead(ctx.app, { partnerId: null });
    await deliver();
    ctx.mailer.sent.length = 0;
    await moveLead(ctx.app, mine, 'contacted');
    await moveLead(ctx.app, orphan, 'contacted');
    await deliver();
    expect(ctx.mailer.sent).toHaveLength(0);
    expect((await ctx.db.select().from(outbox)).filter((r) => r.action === 'mail.lead_status')).toHaveLength(0);
  });

  it('queues one mail per event and recipient however often the event is seen', async () => {
    const lead = await insertLead(ctx.app, { partnerId: partner.id });
    const event = await moveLead(ctx.app, lead, 'contacted');
    await ctx.db.transaction((tx) => ctx.app.leadEvents.emit(tx, event));
    await deliver();
    expect(mailsTo(partner.email).filter((m) => m.subject.endsWith('Contacted'))).toHaveLength(1);
  });

  it('retries a mail the server refused, and sends it once it is accepted', async () => {
    const lead = await insertLead(ctx.app, { partnerId: partner.id });
    await deliver();
    ctx.mailer.sent.length = 0;
    await moveLead(ctx.app, lead, 'contacted');
    const send = ctx.mailer.send.bind(ctx.mailer);
    ctx.mailer.send = async () => Promise.reject(new Error('421 try again later'));
    try {
      await createOutboxProcessor(ctx.db, { handlers: ctx.app.outbox.handlers, log: ctx.app.log, maxAttempts: 1 }).processDue();
    } finally {
      ctx.mailer.send = send;
    }
    const [entry] = await ctx.db.select().from(outbox).where(eq(outbox.action, 'mail.lead_status'));
    expect(entry).toMatchObject({ status: 'failed', lastError: '421 try again later' });
    await ctx.db.update(outbox).set({ status: 'pending', attempts: 0 }).where(eq(outbox.id, entry!.id));
    await deliver();
    expect(mailsTo(partner.email)).toHaveLength(1);
  });
});

describe('unsubscribe', () => {
  it('shows a confirmation page on GET without changing anything, and turns the kind off on a one-click POST', async () => {
    const lead = await insertLead(ctx.app, { partnerId: partner.id });
    await moveLead(ctx.app, lead, 'contacted');
    await deliver();
    const mail = mailsTo(partner.email).find((m) => m.subject.endsWith('Contacted'))!;
    const url = mail.headers!['List-Unsubscribe']!.slice(1, -1).replace('http://portal.test', '');

    const page = await ctx.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Unsubscribe from referral status updates?');
    expect(page.body).toContain('<form method="post"');
    const [stillOn] = await ctx.db.select().from(users).where(eq(users.id, partner.id));
    expect(stillOn).toMatchObject({ notifyLeadStatus: true, notifyNewReferral: true });

    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You have been unsubscribed.');
    const [after] = await ctx.db.select().from(users).where(eq(users.id, partner.id));
    expect(after).toMatchObject({ notifyLeadStatus: false, notifyNewReferral: true });

    ctx.mailer.sent.length = 0;
    await moveLead(ctx.app, lead, 'analysis');
    await deliver();
    expect(ctx.mailer.sent).toHaveLength(0);
  });

  it('turns off an admin’s new-lead mails from theirs', async () => {
    await insertLead(ctx.app, { partnerId: null });
    await deliver();
    const token = tokenOf(mailsTo(admin.email)[0]!);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(res.statusCode).toBe(200);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(after).toMatchObject({ notifyNewReferral: false, notifyLeadStatus: true });
  });

  it('refuses a tampered or foreign token on GET and POST and changes nothing', async () => {
    const secret = await getUnsubscribeSecret(ctx.db);
    const good = createUnsubscribeToken(secret, partner.id, 'lead_status');
    const tampered = [
      good.replace(/^\d+/, String(admin.id)),
      good.replace('lead_status', 'new_referral'),
      `${good.slice(0, -2)}xx`,
      createUnsubscribeToken('another-secret', partner.id, 'lead_status'),
      'nonsense',
    ];
    for (const token of tampered) {
      const url = `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
      const get = await ctx.app.inject({ method: 'GET', url });
      expect(get.statusCode, token).toBe(400);
      expect(get.body).toContain('This unsubscribe link is not valid');
      const post = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(post.statusCode, token).toBe(400);
    }
    const rows = await ctx.db.select().from(users);
    expect(rows.every((u) => u.notifyLeadStatus && u.notifyNewReferral)).toBe(true);
  });
});
