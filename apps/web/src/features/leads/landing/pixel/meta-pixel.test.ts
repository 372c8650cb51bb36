import { afterEach, describe, expect, it, vi } from 'vitest';
import { newPixelEventId, pixelTracking, trackPixelEvent } from './meta-pixel';

afterEach(() => {
  delete window.fbq;
  for (const name of ['_fbp', '_fbc', 'other']) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('the pixel Lead event and what the server gets to match it', () => {
  it('passes the event id to fbq as eventID, so the server event with the same id is deduplicated', () => {
    const fbq = vi.fn();
    window.fbq = fbq as unknown as NonNullable<typeof window.fbq>;
    trackPixelEvent('Lead', 'lead.1.abc');
    expect(fbq).toHaveBeenCalledWith('track', 'Lead', {}, { eventID: 'lead.1.abc' });
  });

  it('makes a new id each time, in the characters the API accepts', () => {
    const a = newPixelEventId();
    expect(a).toMatch(/^lead\.\d+\.[0-9a-f]{24}$/);
    expect(newPixelEventId()).not.toBe(a);
  });

  it('reads _fbp and _fbc when present, and the page URL', () => {
    document.cookie = '_fbp=fb.1.1596403881668.1116446470; path=/';
    document.cookie = 'other=1; path=/';
    expect(pixelTracking('id-1')).toEqual({
      eventId: 'id-1',
      pageUrl: window.location.href,
      fbp: 'fb.1.1596403881668.1116446470',
    });
    document.cookie = '_fbc=fb.1.1554763741205.AbCdEf; path=/';
    expect(pixelTracking('id-2')).toMatchObject({ fbp: 'fb.1.1596403881668.1116446470', fbc: 'fb.1.1554763741205.AbCdEf' });
  });
});
