/** The parts of a WHATWG URL the rules read; both browsers and Node have the global URL class. */
interface ParsedUrl {
  protocol: string;
  hostname: string;
}

/** Parses an absolute URL with the platform's URL class (typed here, as this package has no DOM or Node types); null when malformed. */
export function parseUrl(value: string): ParsedUrl | null {
  const UrlClass = (globalThis as unknown as { URL: new (input: string) => ParsedUrl }).URL;
  try {
    return new UrlClass(value);
  } catch {
    return null;
  }
}
