import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeLeadPayload } from '@portal/contract';
import { buildReferralForm } from '@portal/contract/testing';
import { createTestContext, type TestContext } from '../../../test/context';
import { bearer, createAdmin, createPartner } from '../../../test/factories';
import { createMailer } from '../../lib/mailer';
import { createSession } from '../../lib/sessions';
import { createOutboxProcessor } from '../../lib/outbox';

let ctx: TestContext;
let partner: Awaited<ReturnType<typeof createPartner>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  partner = await createPartner(ctx.db, { fullName: 'Pat Partner', email: 'pat@partners.example' });
  admin = await createAdmin(ctx.db, { fullName: 'Ada Admin', email: 'ada@reseller.example' });
  adminToken = await createSession(ctx.db, admin.id);
});
afterAll(() => ctx.close());

const deliver = () => createOutboxProcessor(ctx.db, { handlers: ctx.app.outbox.handlers, log: ctx.app.log }).processDue();

describe('mails from the pipeline routes', () => {
  it('a referral through the link, then moves by an admin: each mail once, never an internal note', async () => {
    const payload = composeLeadPayload(
      buildReferralForm({ businessName: 'Harbor Cafe', fullName: 'Mia Merchant' }),
      partner.uuid,
    );
    const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/leads/referral/by-uuid', payload });
    expect(created.statusCode).toBe(201);
    const id = created.json().leadData.data[0].details.id as string;
    await deliver();
    expect(ctx.mailer.sent.map((m) => [m.to, m.subject]).sort()).toEqual([
      [admin.email, 'New lead: Harbor Cafe'],
      [partner.email, 'New referral: Harbor Cafe'],
    ]);
    ctx.mailer.sent.length = 0;

    const move = (body: object) =>
      ctx.app.inject({ method: 'POST', url: `/api/v1/admin/leads/${id}/status`, headers: bearer(adminToken), payload: body });
    expect(
      (
        await move({
          status: 'contacted',
          expected_status: 'new',
          note: 'Owner asked for a call on Monday',
          note_visible_to_partner: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await move({ status: 'analysis', expected_status: 'contacted', note: 'Internal: margin looks thin' })).statusCode,
    ).toBe(200);
    const note = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/leads/${id}/notes`,
      headers: bearer(adminToken),
      payload: { note: 'Just a note' },
    });
    expect(note.statusCode).toBeLessThan(300);
    await deliver();
    await deliver();

    // Sent side by side by the worker: in either order.
    expect(ctx.mailer.sent.map((m) => [m.to, m.subject]).sort()).toEqual([
      [partner.email, 'Harbor Cafe: Analysis in progress'],
      [partner.email, 'Harbor Cafe: Contacted'],
    ]);
    const contacted = ctx.mailer.sent.find((m) => m.subject.endsWith('Contacted'))!;
    expect(contacted.text).toContain('Note: Owner asked for a call on Monday');
    expect(contacted.text).toContain(`http://portal.test/referrals/${id}`);
    for (const mail of ctx.mailer.sent) {
      expect(mail.text).not.toContain('Internal');
      expect(mail.html).not.toContain('Internal');
      expect(mail.text).not.toContain('Just a note');
    }
  });
});

describe('delivery over SMTP', () => {
  it('arrives with a text and an HTML part and the one-click unsubscribe headers', async () => {
    const raw: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          // Unfolded (RFC 5322): a long header may arrive over several lines.
          raw.push(
            Buffer.concat(chunks)
              .toString('utf8')
              .replace(/\r\n(?=[ \t])/g, ''),
          );
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const { port } = server.server.address() as AddressInfo;
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Portal <no-reply@portal.test>',
        dataDir: '/nonexistent',
        log: Fastify().log,
      });
      // The same handlers, sending through a real SMTP server instead of the capturing mailer.
      const send = ctx.mailer.send.bind(ctx.mailer);
      ctx.mailer.send = (mail) => mailer.send(mail);
      try {
        const payload = composeLeadPayload(buildReferralForm({ businessName: 'Summit Books' }), partner.uuid);
        expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/leads/referral/by-uuid', payload })).statusCode).toBe(201);
        await deliver();
      } finally {
        ctx.mailer.send = send;
      }
      const toPartner = raw.find((m) => /^To: pat@partners\.example/im.test(m))!;
      expect(toPartner).toBeDefined();
      expect(toPartner).toMatch(/^Subject: New referral: Summit Books/im);
      expect(toPartner).toMatch(/^List-Unsubscribe: <http:\/\/portal\.test\/api\/v1\/notifications\/unsubscribe\?token=[^>]+>/im);
      expect(toPartner).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
      expect(toPartner).toMatch(/^List-Id: <notifications\.portal\.test>\r?$/im);
      expect(toPartner).toMatch(/Content-Type: multipart\/alternative/i);
      expect(toPartner).toMatch(/Content-Type: text\/plain/i);
      expect(toPartner).toMatch(/Content-Type: text\/html/i);
      expect(raw.filter((m) => /^To: pat@partners\.example/im.test(m))).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
