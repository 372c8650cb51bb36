import { callApi, readSuccessData } from './http';

/** GET /leads/referral/:uuid/page: the partner's Meta Pixel ID ('' when none). */
export async function getReferralPage(uuid: string): Promise<{ facebookPixelId: string }> {
  const data = readSuccessData(await callApi(`/leads/referral/${encodeURIComponent(uuid)}/page`));
  const id = typeof data.facebook_pixel_id === 'string' ? data.facebook_pixel_id.trim() : '';
  return { facebookPixelId: /^\d+$/.test(id) ? id : '' };
}

const countedVisits = new Set<string>();

/** POST /leads/referral/:uuid/visit, once per page load; fire and forget. */
export function countReferralVisit(uuid: string): void {
  if (countedVisits.has(uuid)) return;
  countedVisits.add(uuid);
  callApi(`/leads/referral/${encodeURIComponent(uuid)}/visit`, { method: 'POST' }).catch((error: unknown) =>
    console.warn('Could not count the referral visit', error),
  );
}
