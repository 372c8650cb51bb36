import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadReplyMessages, pipelineMessages } from '@portal/contract';
import { leadAttachments, outbox } from '../../db/schema';
import { createOutboxProcessor } from '../../lib/outbox';
import { createSession } from '../../lib/sessions';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createLead, createPartner } from '../../../test/factories';

const m = leadReplyMessages;
let ctx: TestContext;
let adminToken: string;
let ownerAdmin: Awaited<ReturnType<typeof createAdmin>>;
let me: Awaited<ReturnType<typeof createPartner>>;
let myToken: string;
let otherToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createAdmin(ctx.db, { fullName: 'Ada Admin' });
  adminToken = await createSession(ctx.db, admin.id);
  ownerAdmin = await createAdmin(ctx.db, { fullName: 'Olga Owner' });
  me = await createPartner(ctx.db, { fullName: 'Mia Mine' });
  myToken = await createSession(ctx.db, me.id);
  const other = await createPartner(ctx.db, { fullName: 'Oscar Other' });
  otherToken = await createSession(ctx.db, other.id);
});
afterAll(() => ctx.close());

const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const exeBytes = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

/** A multipart body as a browser's FormData sends it: a `message` field and an optional file. */
function form(message: string | null, file?: { bytes: Buffer; name: string; type?: string }) {
  const boundary = '----portal-reply-boundary';
  const parts: Buffer[] = [];
  if (message !== null)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n${message}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const reply = (leadId: string, body: ReturnType<typeof form>, token = myToken) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/leads/mine/${leadId}/replies`,
    payload: body.payload,
    headers: { ...bearer(token), ...body.headers },
  });
const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
const deliver = () => createOutboxProcessor(ctx.db, { handlers: ctx.app.outbox.handlers, log: ctx.app.log }).processDue();

describe('POST /leads/mine/{id}/replies', () => {
  it('stores a reply with its file: in the partner timeline and the admin timeline, never the internal note, and mails the admins', async () => {
    const lead = await createLead(ctx.db, { partnerId: me.id, company: 'Reply Bakery' });
    const visible = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/leads/${lead.publicId}/notes`,
      payload: { note: 'Can you send their last statement?', visible_to_partner: true },
      headers: bearer(adminToken),
    });
    expect(visible.statusCode).toBeLessThan(300);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/leads/${lead.publicId}/notes`,
      payload: { note: 'Internal: they sound price-shopping', visible_to_partner: false },
      headers: bearer(adminToken),
    });
    ctx.mailer.sent.length = 0;
    await ctx.db.delete(outbox);

    const res = await reply(lead.publicId, form('Here is the statement.', { bytes: pdfBytes, name: 'statement.pdf' }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe(m.sent);
    expect(body.data).toMatchObject({
      note: 'Here is the statement.',
      attachment: { name: 'statement.pdf', mime: 'application/pdf', size: pdfBytes.length },
    });
    const [stored] = await ctx.db.select().from(leadAttachments).where(eq(leadAttachments.id, body.data.attachment.id));
    expect(stored!.eventId).toBe(body.data.id);

    const mine = (await get(`/leads/mine/${lead.publicId}`, myToken)).json().data;
    const notes = mine.events.map((e: { kind: string; note: string | null }) => [e.kind, e.note]);
    expect(notes).toContainEqual(['note', 'Can you send their last statement?']);
    expect(notes).toContainEqual(['reply', 'Here is the statement.']);
    expect(JSON.stringify(mine)).not.toContain('price-shopping');
    const partnerReply = mine.events.find((e: { kind: string }) => e.kind === 'reply');
    expect(partnerReply).toMatchObject({ actor: 'Mia Mine', visible_to_partner: true, attachment: body.data.attachment });

    const adminDetail = (await get(`/admin/leads/${lead.publicId}`, adminToken)).json().data;
    expect(adminDetail.events.find((e: { kind: string }) => e.kind === 'reply')).toMatchObject({
      note: 'Here is the statement.',
      attachment: body.data.attachment,
    });

    // The file: the partner and the admins read the same bytes; another partner does not.
    const path = `/leads/mine/${lead.publicId}/attachments/${body.data.attachment.id}`;
    const file = await get(path, myToken);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdfBytes)).toBe(true);
    expect((await get(path, otherToken)).statusCode).toBe(404);
    const adminFile = await get(`/admin/leads/${lead.publicId}/attachments/${body.data.attachment.id}`, adminToken);
    expect(adminFile.statusCode).toBe(200);
    expect(adminFile.rawPayload.equals(pdfBytes)).toBe(true);

    // Both admins are mailed (nobody owns the lead), with the message and the file's name.
    await deliver();
    const mails = ctx.mailer.sent.filter((mail) => mail.subject === 'Reply Bakery: a reply from Mia Mine');
    expect(mails.map((mail) => mail.to)).toHaveLength(2);
    expect(mails[0]!.text).toContain('Here is the statement.');
    expect(mails[0]!.text).toContain('statement.pdf');
  });

  it("mails only the lead's owner when it has one", async () => {
    const lead = await createLead(ctx.db, { partnerId: me.id, company: 'Owned Deli' });
    const owned = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/leads/${lead.publicId}/owner`,
      payload: { owner_id: ownerAdmin.id },
      headers: bearer(adminToken),
    });
    expect(owned.statusCode, owned.body).toBe(200);
    ctx.mailer.sent.length = 0;
    expect((await reply(lead.publicId, form('Any news?'))).statusCode).toBe(201);
    await deliver();
    const mails = ctx.mailer.sent.filter((mail) => mail.subject.startsWith('Owned Deli'));
    expect(mails.map((mail) => mail.to)).toEqual([ownerAdmin.email]);
  });

  it('follows its own mail preference: an admin off new-lead mails still hears replies, and off replies still hears new leads', async () => {
    const owner = await createAdmin(ctx.db, { fullName: 'Pia Prefs' });
    const ownerToken = await createSession(ctx.db, owner.id);
    const prefs = (payload?: object) =>
      ctx.app.inject({
        method: payload ? 'PUT' : 'GET',
        url: '/api/v1/users/notification-preferences',
        headers: bearer(ownerToken),
        ...(payload ? { payload } : {}),
      });
    // On by default, and kept when a PUT leaves it out (an older client).
    expect((await prefs()).json().data).toMatchObject({ new_referral: true, partner_reply: true });
    expect((await prefs({ lead_status_changed: true, new_referral: false })).json().data).toMatchObject({
      new_referral: false,
      partner_reply: true,
    });
    const lead = await createLead(ctx.db, { partnerId: me.id, company: 'Prefs Diner' });
    const own = (id: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/leads/${id}/owner`,
        payload: { owner_id: owner.id },
        headers: bearer(adminToken),
      });
    expect((await own(lead.publicId)).statusCode).toBe(200);
    ctx.mailer.sent.length = 0;
    expect((await reply(lead.publicId, form('First question'))).statusCode).toBe(201);
    await deliver();
    expect(ctx.mailer.sent.filter((mail) => mail.to === owner.email).map((mail) => mail.subject)).toEqual([
      'Prefs Diner: a reply from Mia Mine',
    ]);

    expect((await prefs({ lead_status_changed: true, new_referral: true, partner_reply: false })).json().data).toMatchObject({
      new_referral: true,
      partner_reply: false,
    });
    ctx.mailer.sent.length = 0;
    expect((await reply(lead.publicId, form('Second question'))).statusCode).toBe(201);
    await deliver();
    expect(ctx.mailer.sent.filter((mail) => mail.to === owner.email)).toEqual([]);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.action, 'mail.partner_reply'))).not.toContainEqual(
      expect.objectContaining({ subjectId: String(owner.id), status: 'pending' }),
    );
  });

  it('mails the partner once per note an admin writes for them, never an internal note, and not once they turn it off', async () => {
    const lead = await createLead(ctx.db, { partnerId: me.id, company: 'Noted Cafe' });
    const note = (text: string, visible: boolean) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/leads/${lead.publicId}/notes`,
        payload: { note: text, visible_to_partner: visible },
        headers: bearer(adminToken),
      });
    ctx.mailer.sent.length = 0;
    expect((await note('We sent them the pricing today.', true)).statusCode).toBe(201);
    expect((await note('Internal: owner sounded unsure', false)).statusCode).toBe(201);
    await deliver();
    await deliver();
    const mails = ctx.mailer.sent.filter((mail) => mail.to === me.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Noted Cafe: a note on your referral']);
    expect(mails[0]!.text).toContain('Note: We sent them the pricing today.');
    expect(mails[0]!.text).toContain(`http://portal.test/referrals/${lead.publicId}`);
    expect(mails[0]!.text).not.toContain('Ada Admin');
    expect(mails[0]!.headers?.['List-Unsubscribe']).toMatch(/unsubscribe\?token=/);
    expect(ctx.mailer.sent.some((mail) => mail.text.includes('Internal'))).toBe(false);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/notification-preferences',
      headers: bearer(myToken),
      payload: { lead_status_changed: true, new_referral: true, lead_note: false },
    });
    expect(put.json().data).toMatchObject({ lead_note: false, lead_status_changed: true });
    ctx.mailer.sent.length = 0;
    expect((await note('Another update for you.', true)).statusCode).toBe(201);
    await deliver();
    expect(ctx.mailer.sent.filter((mail) => mail.to === me.email)).toEqual([]);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/notification-preferences',
      headers: bearer(myToken),
      payload: { lead_status_changed: true, new_referral: true, lead_note: true },
    });
  });

  it('refuses an empty message, a file of another type and a file over 10 MB with field messages', async () => {
    const lead = await createLead(ctx.db, { partnerId: me.id });
    const empty = await reply(lead.publicId, form('   '));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ message: m.messageRequired });
    const missing = await reply(lead.publicId, form(null));
    expect(missing.json().errors).toEqual({ message: m.messageRequired });

    const exe = await reply(
      lead.publicId,
      form('See attached', { bytes: exeBytes, name: 'statement.pdf', type: 'application/pdf' }),
    );
    expect(exe.statusCode).toBe(400);
    expect(exe.json().errors).toEqual({ file: m.attachmentType });

    const big = Buffer.concat([pdfBytes, Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const tooBig = await reply(lead.publicId, form('Big one', { bytes: big, name: 'big.pdf' }));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().errors).toEqual({ file: m.attachmentTooLarge });

    // Nothing was stored from the refused ones.
    const detail = (await get(`/leads/mine/${lead.publicId}`, myToken)).json().data;
    expect(detail.events.filter((e: { kind: string }) => e.kind === 'reply')).toEqual([]);
  }, 60_000);

  it("answers 404 on another partner's referral or an unknown one, and 403 to admins", async () => {
    const lead = await createLead(ctx.db, { partnerId: me.id });
    const other = await reply(lead.publicId, form('Mine now?'), otherToken);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(pipelineMessages.leadNotFound);
    expect((await reply('00000000-0000-4000-8000-000000000000', form('Hello'))).statusCode).toBe(404);
    expect((await reply('not-a-uuid', form('Hello'))).statusCode).toBe(404);
    expect((await reply(lead.publicId, form('Hello'), adminToken)).statusCode).toBe(403);
  });
});
