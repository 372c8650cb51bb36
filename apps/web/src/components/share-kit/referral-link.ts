import { paths } from '@/lib/paths';

/** The partner's public link on this portal's origin. */
export const referralLinkOf = (uuid: string) => `${window.location.origin}${paths.referral(uuid)}`;

/** The link a QR code carries: tagged so scans are counted apart from other visits. */
export const qrLinkOf = (uuid: string) => `${referralLinkOf(uuid)}?src=qr`;
