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
