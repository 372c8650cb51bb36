import { contentSecurityPolicy } from 'helmet';

export type CspDirectives = Record<string, readonly string[] | null>;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * A Content-Security-Policy header value: helmet's defaults, then the app's base policy (camelCase
 * names as helmet takes them), then extra sources added to a directive (kebab-case names; a
 * directive absent so far holds exactly the extra sources, or with `extendDefaultSrc` default-src's
 * sources plus the extra ones, as the browser would have applied default-src to it). A null
 * directive is removed, as in helmet.
 */
export function buildCsp(base: CspDirectives, extra: CspDirectives, opts: { extendDefaultSrc?: boolean } = {}): string {
  const directives = new Map<string, string[] | null>();
  for (const [name, values] of Object.entries(contentSecurityPolicy.getDefaultDirectives())) {
    directives.set(name, [...values].map(String));
  }
  for (const [name, values] of Object.entries(base)) directives.set(kebab(name), values ? [...values] : null);
  for (const [name, values] of Object.entries(extra)) {
    const current = directives.get(name) ?? (opts.extendDefaultSrc ? directives.get('default-src') : undefined) ?? [];
    directives.set(name, [...new Set([...current, ...(values ?? [])])]);
  }
  return [...directives]
    .filter((entry): entry is [string, string[]] => entry[1] !== null)
    .map(([name, values]) => (values.length ? `${name} ${values.join(' ')}` : name))
    .join('; ');
}
