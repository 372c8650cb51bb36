// zod-free on purpose: the dashboard and library screens read these without loading zod.
import { leadStatuses } from './lead-statuses';
import { messages } from './messages';

const resourceMessages = messages.resources;

/** Where a visit to a referral link came from: a QR scan, no tag, or the link's `utm_source`. */
export const visitSourceMaxLength = 40;

/**
 * The stored source of a visit: `qr` for `?src=qr`, the `utm_source` lower-cased with anything but
 * letters, digits, `-`, `_` and `.` turned into `-` (capped at 40 characters), else `direct`.
 */
export function normaliseVisitSource(src: unknown, utmSource: unknown): string {
  const tag = typeof src === 'string' ? src.trim().toLowerCase() : '';
  // The two QR codes the portal prints: the share kit's (src=qr) and the proposal PDF's (src=proposal).
  if (tag === 'qr' || tag === 'proposal') return tag;
  if (typeof utmSource === 'string') {
    const cleaned = utmSource
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, visitSourceMaxLength);
    if (cleaned && cleaned !== 'qr' && cleaned !== 'proposal' && cleaned !== 'direct') return cleaned;
  }
  return 'direct';
}

export function visitSourceLabel(source: string): string {
  if (source === 'qr') return 'QR code';
  if (source === 'proposal') return 'Proposal PDF';
  if (source === 'direct') return 'Direct';
  return source;
}

export const emptyStatusCounts = () =>
  Object.fromEntries(leadStatuses.map((status) => [status, 0])) as Record<(typeof leadStatuses)[number], number>;

export const resourceTypes = ['video', 'pdf', 'image', 'link'] as const;
export type ResourceType = (typeof resourceTypes)[number];
export const resourceTypeLabels: Record<ResourceType, string> = { video: 'Video', pdf: 'PDF', image: 'Image', link: 'Link' };

/** Upload limits by type, in bytes. */
export const resourceFileLimits = { pdf: 10 * 1024 * 1024, image: 5 * 1024 * 1024 } as const;
export const resourceNewForMs = 14 * 24 * 60 * 60_000;

/** The embed address of a supported video, on the privacy-enhanced host where there is one. */
export interface VideoEmbed {
  provider: 'youtube' | 'vimeo' | 'loom';
  id: string;
  embedUrl: string;
  thumbnailUrl: string | null;
}

export function parseVideoUrl(raw: string): VideoEmbed | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/^m\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  const youtube = (id: string | null | undefined): VideoEmbed | null =>
    id && /^[A-Za-z0-9_-]{6,20}$/.test(id)
      ? {
          provider: 'youtube',
          id,
          embedUrl: `https://www.youtube-nocookie.com/embed/${id}`,
          thumbnailUrl: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
        }
      : null;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (segments[0] === 'watch') return youtube(url.searchParams.get('v'));
    if (segments[0] === 'embed' || segments[0] === 'shorts' || segments[0] === 'live') return youtube(segments[1]);
    return null;
  }
  if (host === 'youtu.be') return youtube(segments[0]);
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = segments.find((s: string) => /^\d{5,12}$/.test(s));
    return id ? { provider: 'vimeo', id, embedUrl: `https://player.vimeo.com/video/${id}?dnt=1`, thumbnailUrl: null } : null;
  }
  if (host === 'loom.com') {
    const id = (segments[0] === 'share' || segments[0] === 'embed') && segments[1];
    return id && /^[A-Za-z0-9]{10,64}$/.test(id)
      ? { provider: 'loom', id, embedUrl: `https://www.loom.com/embed/${id}`, thumbnailUrl: null }
      : null;
  }
  return null;
}

/** Links open in a new tab: only web pages and email addresses (never javascript:, data: …). */
export function isAllowedLinkUrl(raw: string): boolean {
  try {
    const url = new URL(raw.trim());
    if (url.protocol === 'mailto:') return url.pathname.length > 0;
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The URL rule of a type: videos from a supported host, links http/https/mailto, files none. */
export function checkResourceUrl(type: ResourceType, url: string | null | undefined): string | null {
  const value = url?.trim() ?? '';
  if (type === 'pdf' || type === 'image') return value ? resourceMessages.urlNotForFiles : null;
  if (!value) return resourceMessages.urlRequired;
  if (type === 'video') return parseVideoUrl(value) ? null : resourceMessages.videoHost;
  return isAllowedLinkUrl(value) ? null : resourceMessages.linkScheme;
}
