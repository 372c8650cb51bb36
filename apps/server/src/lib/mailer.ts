import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  /** Both parts, from the shared layout (lib/mail-layout.ts). */
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP_URL sends for real; without it each message is written to DATA_DIR/outbox/*.eml so a fresh
 * install can still reset a password.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  // nodemailer is loaded with the first mail, not at start-up: an idle server does not hold it.
  const lazyTransport = (options: Parameters<typeof import('nodemailer').createTransport>[0]) => {
    let transport: Promise<Transporter> | undefined;
    return () => (transport ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(options)));
  };
  if (opts.smtpUrl) {
    const transport = lazyTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await (await transport()).sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = (await (await transport()).sendMail({ from: opts.from, ...mail })) as { messageId: string; message: Buffer };
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      await fs.writeFile(file, info.message);
      opts.log.info({ file, subject: mail.subject }, 'mail written to the local outbox (SMTP_URL is not set)');
    },
  };
}
