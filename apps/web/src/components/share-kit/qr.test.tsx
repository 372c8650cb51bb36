// The share kit's QR code as real clients read it: each SVG (the download and the one on screen) is
// rasterised by resvg and decoded by jsQR, and the link it carries is the server's PUBLIC_URL, never
// the address the app happens to be opened on.
import { Resvg } from '@resvg/resvg-js';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import jsQR from 'jsqr';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultCommissionPlan, planTerms, planTermsLine } from '@portal/contract';
import { createQueryClient } from '@/lib/query-client';
import { qrSvg } from './qr';
import { QrCode } from './qr-code';
import { ShareKit } from './share-kit';

const uuid = '6f1c2f7e-8a4b-4c8e-9d7a-2b1e5c3d4f60';
const publicUrl = 'https://partners.example-payments.com';
const links = [`${publicUrl}/referral/${uuid}?src=qr`, `http://localhost:3000/referral/${uuid}?src=qr`];

/** Draws the SVG as an image `width` pixels wide (its own size when omitted) and decodes it. */
function decode(svg: string, width?: number): string | undefined {
  const image = new Resvg(svg, width ? { fitTo: { mode: 'width', value: width } } : {}).render();
  const pixels = new Uint8ClampedArray(image.pixels);
  // jsQR reads colour only: a transparent pixel would read as black, so the drawing must be opaque.
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 255) throw new Error(`transparent pixel at ${(i - 3) / 4}`);
  return jsQR(pixels, image.width, image.height)?.data;
}

describe('QR code SVG', () => {
  it.each(links)('the downloaded SVG decodes to the link at any size: %s', (link) => {
    const svg = qrSvg(link);
    for (const width of [undefined, 120, 224, 1000]) expect(decode(svg, width), `width ${width}`).toBe(link);
  });

  it.each(links)('the SVG shown on screen is a standalone SVG that decodes to the link: %s', (link) => {
    const svg = renderToStaticMarkup(<QrCode text={link} label="QR code" className="size-56" />);
    for (const width of [224, 600]) expect(decode(svg, width), `width ${width}`).toBe(link);
  });
});

describe('share kit link', () => {
  let shortName: string | null = null;
  const server = setupServer(
    http.get('*/api/v1/settings/public', () => HttpResponse.json({ status: 'success', data: { publicUrl: `${publicUrl}/` } })),
    http.get('*/api/v1/commissions/terms', () =>
      HttpResponse.json({
        status: 'success',
        data: {
          currency: 'USD',
          plan: defaultCommissionPlan,
          is_override: false,
          line: planTermsLine(defaultCommissionPlan),
          terms: planTerms(defaultCommissionPlan),
          addition: 'Payments go out by ACH.',
        },
      }),
    ),
    http.get('*/api/v1/referral-links', () =>
      HttpResponse.json({ status: 'success', data: { uuid, short_name: shortName, campaigns: [] } }),
    ),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    shortName = null;
  });
  afterAll(() => server.close());

  it("shows and encodes the server's PUBLIC_URL, not the address the app is opened on", async () => {
    expect(window.location.origin).not.toBe(publicUrl);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ShareKit uuid={uuid} />
      </QueryClientProvider>,
    );
    const link = `${publicUrl}/referral/${uuid}`;
    expect(await screen.findByDisplayValue(link)).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'QR code' }));
    expect(await screen.findByText(`${link}?src=qr`)).toBeTruthy();
    const shown = screen.getByRole('img', { name: 'QR code of your referral link' });
    expect(decode(shown.outerHTML, 400)).toBe(`${link}?src=qr`);
  });

  it('with a short name, shows, copies and encodes the short link on PUBLIC_URL', async () => {
    shortName = 'joe-payments';
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ShareKit uuid={uuid} />
      </QueryClientProvider>,
    );
    const link = `${publicUrl}/r/joe-payments`;
    expect(await screen.findByDisplayValue(link)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    await user.click(screen.getByRole('button', { name: 'QR code' }));
    const shown = await screen.findByRole('img', { name: 'QR code of your referral link' });
    expect(decode(shown.outerHTML, 400)).toBe(`${link}?src=qr`);
  });

  it("shows the terms written from the plan, then the admin's addition", async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ShareKit uuid={uuid} />
      </QueryClientProvider>,
    );
    const terms = await screen.findByTestId('program-terms');
    expect(terms.textContent).toBe(
      'Program terms: $200.00 per approved merchant + 20% of its monthly net revenue while it processes · Payments go out by ACH.',
    );
  });
});
