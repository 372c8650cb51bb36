import { buildCsp, type CspDirectives } from '../../lib/csp';

/** Exactly what the Meta Pixel needs: its script, and the endpoints it reports to. */
const metaPixelSources: CspDirectives = {
  'script-src': ['https://connect.facebook.net'],
  'img-src': ['https://www.facebook.com'],
  'connect-src': ['https://www.facebook.com', 'https://connect.facebook.net'],
};

/**
 * The Content-Security-Policy of /referral/* pages: the app's policy plus the Meta Pixel hosts.
 * Helmet's defaults are merged in first, as for every other page, so this page is never weaker than
 * the rest; a directive the policy leaves to default-src keeps default-src's sources.
 */
export function referralPageCsp(base: CspDirectives): string {
  return buildCsp(base, metaPixelSources, { extendDefaultSrc: true });
}
