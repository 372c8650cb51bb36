import escapeHtml from 'escape-html';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pipelineMessages } from '@portal/contract';
import { getSettingValue } from '../settings';
import { DEFAULT_BRAND, notificationSettingKeys, unsubscribe } from './notifications-service';
import { getUnsubscribeSecret, readUnsubscribeToken, type MailKind } from './unsubscribe-token';

/** Admins switch theirs on their account page (/admin/account), partners on /settings. */
const adminKinds = new Set<MailKind>(['admin_new_lead', 'partner_reply']);
const kindLabels: Record<MailKind, string> = {
  lead_status: 'referral status updates',
  new_referral: 'new referral emails',
  admin_new_lead: 'new lead emails',
  partner_reply: 'emails about partners’ replies on referrals',
  lead_note: 'emails about notes on your referrals',
};

function page(brand: string, title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(title)} – ${escapeHtml(brand)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5">',
    `<p style="font-weight:bold">${escapeHtml(brand)}</p>`,
    `<h1 style="font-size:1.25rem">${escapeHtml(title)}</h1>`,
    body,
    '</body></html>',
  ].join('\n');
}

const tokenQuery = z.object({ token: z.string().max(200) });
const tags = ['notifications'];

/**
 * One-click unsubscribe (RFC 8058). GET only shows a page with one button, because mail scanners
 * open links; POST (that button, or a mail client's List-Unsubscribe-Post) turns the kind off.
 * No sign-in: the signed token names the recipient and the kind.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mail clients post `List-Unsubscribe=One-Click` as a form; the token is in the URL, the body carries nothing we need.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) => done(null, {}));
  }

  const brandOf = async () => {
    return (await getSettingValue(app.db, notificationSettingKeys.companyName))?.trim() || DEFAULT_BRAND;
  };
  const readToken = async (token: string) => readUnsubscribeToken(await getUnsubscribeSecret(app.db), token);
  const invalid = (brand: string) =>
    page(
      brand,
      'This unsubscribe link is not valid',
      '<p>Copy the whole link from the email, or change your email preferences in Settings after signing in.</p>',
    );

  app.get('/unsubscribe', { schema: { tags, querystring: tokenQuery, hide: true } }, async (request, reply) => {
    const brand = await brandOf();
    const target = await readToken(request.query.token);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!target) return reply.status(400).send(invalid(brand));
    const action = `?token=${encodeURIComponent(request.query.token)}`;
    return reply.send(
      page(
        brand,
        `Unsubscribe from ${kindLabels[target.kind]}?`,
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
          '<button type="submit" style="padding:.5rem 1rem">Unsubscribe</button></form>',
      ),
    );
  });

  app.post('/unsubscribe', { schema: { tags, querystring: tokenQuery, hide: true } }, async (request, reply) => {
    const brand = await brandOf();
    const target = await readToken(request.query.token);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!target) return reply.status(400).send(invalid(brand));
    await unsubscribe(app.db, target.userId, target.kind);
    return reply.send(
      page(
        brand,
        pipelineMessages.unsubscribed,
        `<p>You will no longer receive ${kindLabels[target.kind]}. You can turn them back on in ${adminKinds.has(target.kind) ? 'Your account' : 'Settings'}.</p>`,
      ),
    );
  });
};
