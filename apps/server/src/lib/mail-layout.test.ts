import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminNewLeadMail,
  leadStatusMail,
  newReferralMail,
  notificationListId,
  type MailFrame,
} from '../modules/notifications/notification-mails';
import {
  applicationReceivedMail,
  emailChangedMail,
  inviteMail,
  passwordChangedMail,
  passwordResetMail,
  rejectionMail,
  twoFactorResetMail,
  welcomeMail,
} from '../modules/users/users-mails';
import { composeMail } from './mail-layout';
import { createMailer, type Mail, type Mailer } from './mailer';

// A user-supplied name that is markup, with accents and quotes: the HTML part must show it as text.
const hostile = 'Ana <b>Núñez</b> & "Co"';
const escaped = 'Ana &lt;b&gt;Núñez&lt;/b&gt; &amp; &quot;Co&quot;';
const to = { email: 'ana@example.com', fullName: hostile };
const brand = 'Acme <Payments>';
const frame: MailFrame = {
  brand,
  unsubscribeUrl: 'http://portal.test/api/v1/notifications/unsubscribe?token=abc&x=1',
  because: 'a referral you sent changed status',
  listId: notificationListId('http://portal.test:8080'),
};

/** Every mail the portal writes, by name, with what its subject must stay. */
const mails: { name: string; notification: boolean; subject: string; build: () => Promise<Mail> }[] = [
  {
    name: 'lead status',
    notification: true,
    subject: `${hostile}: Contacted`,
    build: () =>
      leadStatusMail(to, frame, {
        company: hostile,
        fromStatus: 'new',
        toStatus: 'contacted',
        reason: null,
        visibleNote: 'Call <Monday>',
        link: 'http://portal.test/referrals/1',
      }),
  },
  {
    name: 'new referral',
    notification: true,
    subject: `New referral: ${hostile}`,
    build: () => newReferralMail(to, frame, { company: hostile, contact: hostile, link: 'http://portal.test/referrals/1' }),
  },
  {
    name: 'admin new lead',
    notification: true,
    subject: `New lead: ${hostile}`,
    build: () =>
      adminNewLeadMail(to, frame, {
        company: hostile,
        contact: hostile,
        email: 'mia@example.com',
        partner: null,
        source: 'landing_page',
        link: 'http://portal.test/admin/leads?lead=1',
      }),
  },
  {
    name: 'password reset',
    notification: false,
    subject: `Reset your ${brand} password`,
    build: () => passwordResetMail(to, 'http://portal.test/reset-password?token=t1', brand),
  },
  {
    name: 'password changed',
    notification: false,
    subject: `Your ${brand} password was changed`,
    build: () => passwordChangedMail(to, 'http://portal.test/login', brand),
  },
  {
    name: 'invite',
    notification: false,
    subject: `You are invited to ${brand}`,
    build: () => inviteMail(to, 'http://portal.test/reset-password?token=t2&invite=1', brand, hostile),
  },
  {
    name: 'welcome',
    notification: false,
    subject: `Welcome to ${brand}: your application is approved`,
    build: () => welcomeMail(to, 'http://portal.test/referral/u1', 'http://portal.test/login', brand),
  },
  {
    name: 'rejection',
    notification: false,
    subject: `Your ${brand} partner application`,
    build: () => rejectionMail(to, 'Other', `Dear ${hostile}`, brand),
  },
  {
    name: 'email changed',
    notification: false,
    subject: `The email address of your ${brand} account was changed`,
    build: () => emailChangedMail(to, 'old@example.com', 'new@example.com', brand),
  },
  {
    name: 'application received',
    notification: false,
    subject: `New partner application: ${hostile}`,
    build: () => applicationReceivedMail(to, to, 'http://portal.test/admin/users/1', brand),
  },
  {
    name: 'two-factor reset',
    notification: false,
    subject: `Two-factor authentication was turned off on your ${brand} account`,
    build: () => twoFactorResetMail(to, 'http://portal.test/login', brand),
  },
];

describe('every mail through a real SMTP server', () => {
  const received: Buffer[] = [];
  let server: SMTPServer;
  let mailer: Mailer;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks));
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const { port } = server.server.address() as AddressInfo;
    mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Portal <no-reply@portal.test>',
      dataDir: '/nonexistent',
      log: Fastify().log,
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const deliver = async (mail: Mail): Promise<ParsedMail> => {
    const before = received.length;
    await mailer.send(mail);
    expect(received).toHaveLength(before + 1);
    return simpleParser(received.at(-1)!);
  };

  it.each(mails)('$name: a text and an HTML part from the shared layout, the name escaped in HTML', async (m) => {
    const parsed = await deliver(await m.build());
    expect(parsed.subject).toBe(m.subject);
    // Both parts: multipart/alternative with text/plain and text/html.
    expect(parsed.text).toContain(`Hello ${hostile},`);
    expect(parsed.html).toEqual(expect.any(String));
    const html = parsed.html as string;
    expect(html).toContain(`Hello ${escaped},`);
    expect(html).not.toContain('<b>Núñez</b>');
    // The shared layout: the brand heads the mail and signs its footer, in both parts.
    expect(html.match(/Acme &lt;Payments&gt;/g)?.length).toBeGreaterThanOrEqual(2);
    expect(parsed.text!.match(/Acme <Payments>/g)?.length).toBeGreaterThanOrEqual(2);

    // The raw header lines, unfolded (RFC 5322): mailparser folds the List-* headers into one object.
    const header = (key: string) =>
      parsed.headerLines
        .find((h) => h.key === key)
        ?.line.replace(/\r\n(?=[ \t])/g, '')
        .replace(/^[^:]+:\s*/, '');
    if (m.notification) {
      // The host of PUBLIC_URL without its port; the one-click unsubscribe stays.
      expect(header('list-id')).toBe('<notifications.portal.test>');
      expect(header('list-unsubscribe')).toBe(`<${frame.unsubscribeUrl}>`);
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(parsed.text).toContain(`Unsubscribe ${frame.unsubscribeUrl}`);
      expect(html).toContain(`href="${frame.unsubscribeUrl.replace('&', '&amp;')}"`);
    } else {
      // Account mails are not a list: no List-Id, no unsubscribe.
      expect(header('list-id')).toBeUndefined();
      expect(header('list-unsubscribe')).toBeUndefined();
    }
  });

  it('a link is a button in HTML and its address in the text part', async () => {
    const parsed = await deliver(await passwordResetMail(to, 'http://portal.test/reset-password?token=t1&a=<b>', brand));
    expect(parsed.text).toContain('Choose a new password http://portal.test/reset-password?token=t1&a=<b>');
    expect(parsed.html).toContain('href="http://portal.test/reset-password?token=t1&amp;a=&lt;b&gt;"');
  });

  it('a labelled value and a paragraph escape what the user typed', async () => {
    const mail = await composeMail({
      to,
      subject: 'Test',
      brand,
      blocks: ['<img src=x onerror=alert(1)>', { label: 'Note', value: '<script>alert(1)</script>' }],
    });
    expect(mail.html).not.toMatch(/<img src=x|<script>/);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.text).toContain('Note: <script>alert(1)</script>');
  });
});
