import { callApi, readSuccessData } from './http';

/** GET /leads/referral/:uuid/page: the partner's Meta Pixel ID ('' when none). */
export async function getReferralPage(uuid: string): Promise<{ facebookPixelId: string }> {
  const data = readSuccessData(await callApi(`/leads/referral/${encodeURIComponent(uuid)}/page`));
  const id = typeof data.facebook_pixel_id === 'string' ? data.facebook_pixel_id.trim() : '';
  return { facebookPixelId: /^\d+$/.test(id) ? id : '' };
}

const countedVisits = new Set<string>();

/** The campaign link's tag, `?c=` (issue 23 §7), as the link brings it; the server cleans it. */
export function campaignOf(search: string = typeof location === 'undefined' ? '' : location.search): string | undefined {
  return new URLSearchParams(search).get('c')?.slice(0, 200) || undefined;
}

/** The landing URL's `src` (`qr` for a scanned QR code), `utm_source` and campaign tag; the server normalises them. */
function visitSource(search: string): { src?: string; utm_source?: string; c?: string } {
  const params = new URLSearchParams(search);
  const source: { src?: string; utm_source?: string; c?: string } = {};
  const src = params.get('src');
  const utm = params.get('utm_source');
  const campaign = campaignOf(search);
  if (src) source.src = src.slice(0, 200);
  if (utm) source.utm_source = utm.slice(0, 200);
  if (campaign) source.c = campaign;
  return source;
}

/** POST /leads/referral/:uuid/visit with where the visitor came from, once per page load; fire and forget. */
export function countReferralVisit(uuid: string, search: string = typeof location === 'undefined' ? '' : location.search): void {
  if (countedVisits.has(uuid)) return;
  countedVisits.add(uuid);
  callApi(`/leads/referral/${encodeURIComponent(uuid)}/visit`, { method: 'POST', json: visitSource(search) }).catch(
    (error: unknown) => console.warn('Could not count the referral visit', error),
  );
}
