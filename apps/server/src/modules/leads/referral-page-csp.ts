import { contentSecurityPolicy } from 'helmet';

export type CspDirectives = Record<string, readonly string[] | null>;

/** Exactly what the Meta Pixel needs: its script, and the endpoints it reports to. */
const metaPixelSources: CspDirectives = {
  'script-src': ['https://connect.facebook.net'],
  'img-src': ['https://www.facebook.com'],
  'connect-src': ['https://www.facebook.com', 'https://connect.facebook.net'],
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The Content-Security-Policy of /referral/* pages: the app's policy plus the Meta Pixel hosts.
 * Helmet's defaults are merged in first, as helmet itself does for every other page, so this page is
 * never weaker than the rest; a null directive removes it, as in helmet.
 */
export function referralPageCsp(base: CspDirectives): string {
  const directives = new Map<string, string[] | null>();
  for (const [name, values] of Object.entries(contentSecurityPolicy.getDefaultDirectives())) {
    directives.set(name, [...values].map(String));
  }
  for (const [name, values] of Object.entries(base)) directives.set(kebab(name), values ? [...values] : null);
  for (const [name, values] of Object.entries(metaPixelSources)) {
    const current = directives.get(name) ?? directives.get('default-src') ?? [];
    directives.set(name, [...new Set([...current, ...(values ?? [])])]);
  }
  return [...directives]
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([name, values]) => (values.length ? `${name} ${values.join(' ')}` : name))
    .join('; ');
}
