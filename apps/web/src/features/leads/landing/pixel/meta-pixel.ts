/**
 * The Meta Pixel, loaded only for a partner who set a Pixel ID. This is Meta's standard `fbq`
 * snippet written as code instead of an inline script, which the page's CSP forbids.
 */
type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

const FBEVENTS_URL = 'https://connect.facebook.net/en_US/fbevents.js';

export function loadMetaPixel(pixelId: string): void {
  if (window.fbq) return;
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod.call(fbq, ...args);
    else fbq.queue.push(args);
  }) as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  window.fbq = fbq;
  window._fbq ??= fbq;

  const script = document.createElement('script');
  script.async = true;
  script.src = FBEVENTS_URL;
  document.head.appendChild(script);

  fbq('init', pixelId);
  fbq('track', 'PageView');
}

/**
 * A standard event; nothing at all when no pixel was loaded. `eventId` is the id the server's
 * Conversions API event carries too, so Meta keeps one of the two.
 */
export function trackPixelEvent(event: 'Lead', eventId?: string): void {
  if (eventId) window.fbq?.('track', event, {}, { eventID: eventId });
  else window.fbq?.('track', event);
}

/** A fresh id for one pixel event (getRandomValues also works outside secure contexts, unlike randomUUID). */
export function newPixelEventId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `lead.${Date.now()}.${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** What the server's Lead event needs from this browser: the event id, the page and Meta's cookies. */
export function pixelTracking(eventId: string): { eventId: string; pageUrl: string; fbp?: string; fbc?: string } {
  const cookies = new Map(
    document.cookie
      .split(';')
      .map((part) => part.trim().split('='))
      .filter((pair): pair is [string, string] => pair.length >= 2 && !!pair[0])
      .map(([name, ...value]) => [name, value.join('=')] as const),
  );
  const pageUrl = window.location.href.slice(0, 2000);
  const cookie = (name: string) => {
    const value = cookies.get(name);
    if (!value || value.length > 500) return {};
    try {
      return { [name.slice(1)]: decodeURIComponent(value) };
    } catch {
      return {};
    }
  };
  return { eventId, pageUrl, ...cookie('_fbp'), ...cookie('_fbc') };
}
