import escapeHtml from 'escape-html';
import { DEFAULT_COMPANY_NAME } from '@portal/contract';
import type { DbExecutor } from '../../db';
import type { PageHead } from '../../plugins/web-app';
import { getBrandSettings } from './settings-service';

const uuidPath = /^\/referral\/([0-9a-f-]{36})\/?$/i;

/**
 * What the server renders the landing page with (issue 12 §1): the settings the page shows, as
 * GET /settings/public answers them, and the year; null for any other page.
 */
export async function landingPageInput(db: DbExecutor, pathname: string, now: Date = new Date()) {
  if (!pathname.startsWith('/referral/')) return null;
  const brand = await getBrandSettings(db);
  return {
    settings: {
      companyName: brand.companyName,
      logoUrl: brand.logoUrl,
      contactUrl: brand.contactUrl,
      supportPhone: brand.supportPhone,
      dualPricing: brand.dualPricing,
    },
    year: now.getUTCFullYear(),
  };
}

/** What a link preview says about the landing page; no partner data, so any uuid gets the same text. */
export const landingDescription = (company: string) =>
  `Request a free processing-fee analysis from ${company}. Merchants save 15-30% on card processing fees on average with a dual pricing program.`;

/**
 * The <head> of every page: the brand's name as the title; for a referral landing page also a
 * description and Open Graph / Twitter card tags, all HTML-escaped.
 */
export async function brandPageHead(db: DbExecutor, publicUrl: string, pathname: string): Promise<PageHead> {
  const brand = await getBrandSettings(db);
  const company = brand.companyName ?? DEFAULT_COMPANY_NAME;
  if (!uuidPath.test(pathname)) return { title: company };
  const title = `Save on card processing fees | ${company}`;
  const description = landingDescription(company);
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    meta('name', 'description', description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', company),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', `${publicUrl}${pathname}`),
    ...(brand.logoUrl ? [meta('property', 'og:image', brand.logoUrl)] : []),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(brand.logoUrl ? [meta('name', 'twitter:image', brand.logoUrl)] : []),
  ]
    .map((tag) => `  ${tag}`)
    .join('\n');
  return { title, tags };
}

/**
 * `/referral/{anything but a uuid}`: a cut or mistyped link. Answered 404 with a page that says so
 * and what to do, in plain HTML (no script, so no landing bundle), in the brand's name. A valid but
 * unknown uuid is not this: its landing page still takes the request (spec: it reaches the company).
 */
export async function referralNotFoundPage(db: DbExecutor, pathname: string): Promise<string | null> {
  // `/referral/` alone stays the landing page: the spec's "Invalid referral link" toast answers its submit.
  if (!/^\/referral\/[^/]+/.test(pathname) || uuidPath.test(pathname)) return null;
  const brand = await getBrandSettings(db);
  const company = escapeHtml(brand.companyName ?? DEFAULT_COMPANY_NAME);
  const contact = brand.contactUrl
    ? `<a class="button" href="${escapeHtml(brand.contactUrl)}">Contact ${company}</a>`
    : brand.supportPhone
      ? `<a class="button" href="tel:${escapeHtml(brand.supportPhone.replace(/[^+\d]/g, ''))}">Call ${escapeHtml(brand.supportPhone)}</a>`
      : '';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <meta name="robots" content="noindex" />
  <title>Link not found | ${company}</title>
  <style>
    body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f8fafc; color: #0f172a; }
    main { max-width: 32rem; margin: 0 auto; padding: 4rem 1.25rem; }
    h1 { font-size: 1.75rem; line-height: 1.25; margin: 0 0 1rem; }
    p { line-height: 1.6; color: #334155; margin: 0 0 1rem; }
    .brand { font-weight: 700; color: #1d4ed8; margin-bottom: 2rem; }
    .button { display: inline-block; margin-top: 0.5rem; padding: 0.75rem 1.25rem; border-radius: 0.5rem; background: #1d4ed8; color: #fff; font-weight: 600; text-decoration: none; }
    .button:focus-visible { outline: 3px solid #1e3a8a; outline-offset: 2px; }
  </style>
</head>
<body>
  <main>
    <p class="brand">${company}</p>
    <h1>This referral link is incomplete</h1>
    <p>The address you opened is not a whole referral link: part of it may have been cut off when it was copied or shared.</p>
    <p>Open the link again from the message you received, or ask the person who shared it to send it once more. You can also reach ${company} directly for your free savings analysis.</p>
    ${contact}
  </main>
</body>
</html>
`;
}
