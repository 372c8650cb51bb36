import { z } from 'zod';
import { successEnvelope } from './envelope';
import { maxRowId } from './paging';

/**
 * A partner's links worth sharing (issue 23 §7): a short link `/r/{name}` beside the `/referral/{uuid}`
 * one, and campaign links, each a source tag (`?c={tag}`) counted apart on the dashboard.
 */
export const shortNameLimits = { min: 3, max: 32 } as const;
export const campaignNameMaxLength = 60;
/** A campaign's tag: the name lower-cased, anything but letters and digits turned into `-`. */
export const campaignTagMaxLength = 40;
export const campaignsPerPartnerMax = 50;
/** The query parameter of a campaign link. */
export const campaignParam = 'c';

/**
 * Names a short link may not take: the app's own first path segments and words that would read as
 * the company's (a partner's `/r/admin` must not look like the program's page).
 */
export const reservedShortNames = [
  'about',
  'account',
  'admin',
  'administrator',
  'api',
  'app',
  'assets',
  'auth',
  'billing',
  'compensation',
  'dashboard',
  'docs',
  'forgot-password',
  'help',
  'home',
  'index',
  'invite',
  'login',
  'logout',
  'me',
  'new',
  'null',
  'official',
  'partner',
  'partners',
  'password',
  'portal',
  'r',
  'referral',
  'referrals',
  'register',
  'reset-password',
  'resources',
  'root',
  'settings',
  'signin',
  'signup',
  'ssr',
  'submit',
  'support',
  'system',
  'undefined',
  'www',
] as const;

export const referralLinkMessages = {
  shortNameRequired: 'Enter a short name.',
  shortNameLength: `Use ${shortNameLimits.min} to ${shortNameLimits.max} characters.`,
  shortNameCharacters: 'Use letters, digits and hyphens only, starting and ending with a letter or digit.',
  shortNameReserved: 'This name is reserved. Choose another one.',
  shortNameTaken: 'This name is already taken. Choose another one.',
  shortNameSaved: 'Short link saved.',
  shortNameRemoved: 'Short link removed.',
  campaignNameRequired: 'Enter a campaign name.',
  campaignNameTooLong: `Use at most ${campaignNameMaxLength} characters.`,
  campaignNameNoTag: 'Use at least one letter or digit.',
  campaignTaken: 'You already have a campaign link with this name.',
  campaignLimit: `You can have at most ${campaignsPerPartnerMax} campaign links.`,
  campaignCreated: 'Campaign link created.',
  campaignDeleted: 'Campaign link deleted.',
  campaignNotFound: 'Campaign link not found.',
  shortLinkNotFound: 'Short link not found.',
} as const;
const m = referralLinkMessages;

const shortNamePattern = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** The rule of a short name as one message, or null when it is fine (the form and the server share it). */
export function checkShortName(name: string): string | null {
  const value = name.trim();
  if (!value) return m.shortNameRequired;
  if (value.length < shortNameLimits.min || value.length > shortNameLimits.max) return m.shortNameLength;
  if (!shortNamePattern.test(value)) return m.shortNameCharacters;
  if ((reservedShortNames as readonly string[]).includes(value.toLowerCase())) return m.shortNameReserved;
  return null;
}

/** The tag a campaign name makes: `Spring Flyers!` → `spring-flyers`; '' when nothing is left. */
export function campaignTagOf(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, campaignTagMaxLength)
    .replace(/-+$/, '');
}

/** A tag as a link brings it (`?c=…`), cleaned the same way; null when none is left. */
export const readCampaignTag = (value: unknown): string | null =>
  typeof value === 'string' ? campaignTagOf(value.slice(0, 200)) || null : null;

/** `{publicUrl}/r/{name}`, or `{publicUrl}/referral/{uuid}` without a short name; with `?c={tag}` for a campaign. */
export function referralLinkOf(
  publicUrl: string,
  link: { uuid: string; shortName?: string | null; tag?: string | null },
): string {
  const base = publicUrl.replace(/\/+$/, '');
  const path = link.shortName ? `/r/${encodeURIComponent(link.shortName)}` : `/referral/${link.uuid}`;
  return `${base}${path}${link.tag ? `?${campaignParam}=${encodeURIComponent(link.tag)}` : ''}`;
}

export const shortNameRequest = z.object({
  /** null removes the short link. */
  short_name: z
    .string({ error: m.shortNameRequired })
    .trim()
    .superRefine((value, ctx) => {
      const problem = checkShortName(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .nullable(),
});
export type ShortNameRequest = z.input<typeof shortNameRequest>;

export const createCampaignRequest = z.object({
  name: z
    .string({ error: m.campaignNameRequired })
    .trim()
    .min(1, m.campaignNameRequired)
    .max(campaignNameMaxLength, m.campaignNameTooLong)
    .refine((value) => campaignTagOf(value) !== '', m.campaignNameNoTag),
});
export type CreateCampaignRequest = z.input<typeof createCampaignRequest>;

export const campaignIdParams = z.object({ id: z.coerce.number().int().positive().max(maxRowId) });

export const campaignLinkSchema = z.object({
  id: z.number(),
  name: z.string(),
  tag: z.string(),
  created_at: z.string(),
  /** All time: visits that came through the link (a visitor's first visit of a day decides), referrals and approvals. */
  visits: z.number(),
  referrals: z.number(),
  approved: z.number(),
});
export type CampaignLink = z.infer<typeof campaignLinkSchema>;

export const referralLinksSchema = z.object({
  uuid: z.string(),
  short_name: z.string().nullable(),
  campaigns: z.array(campaignLinkSchema),
});
export type ReferralLinks = z.infer<typeof referralLinksSchema>;
export const referralLinksResponse = successEnvelope(referralLinksSchema);
