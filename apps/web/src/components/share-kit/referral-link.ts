import { usePublicSettings } from '@/lib/api/get-public-settings';
import { paths } from '@/lib/paths';

/** The partner's public link on the server's PUBLIC_URL, not on whatever address this page was opened on. */
export function useReferralLink(uuid: string): string {
  return `${usePublicSettings().publicUrl}${paths.referral(uuid)}`;
}

/** The link a QR code carries: tagged so scans are counted apart from other visits. */
export const qrLinkOf = (referralLink: string) => `${referralLink}?src=qr`;
