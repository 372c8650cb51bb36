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

/** A standard event; nothing at all when no pixel was loaded. */
export function trackPixelEvent(event: 'Lead'): void {
  window.fbq?.('track', event);
}
