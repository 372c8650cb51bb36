import { referralLinkOf } from '@portal/contract';
import { useReferralLinks } from '@/lib/api/get-referral-links';
import { usePublicSettings } from '@/lib/api/get-public-settings';

/** The partner's public link on the server's PUBLIC_URL, not on whatever address this page was opened on. */
export function useReferralLink(uuid: string): string {
  return referralLinkOf(usePublicSettings().publicUrl, { uuid });
}

/**
 * The signed-in partner's own link to share: their short link (`/r/{name}`) once they have chosen
 * one, else the uuid link; always on PUBLIC_URL. Partner screens only (it reads /referral-links).
 */
export function useOwnReferralLink(uuid: string): string {
  const { publicUrl } = usePublicSettings();
  const shortName = useReferralLinks().data?.short_name;
  return referralLinkOf(publicUrl, { uuid, shortName });
}

/** The link a QR code carries: tagged so scans are counted apart from other visits. */
export const qrLinkOf = (referralLink: string) => `${referralLink}${referralLink.includes('?') ? '&' : '?'}src=qr`;
