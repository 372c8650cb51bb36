// The server's side of the landing page (issue 12 §1): built by `vite build --ssr` into
// dist/ssr/render-landing.js; apps/server renders each /referral/{uuid} page with it, and the
// browser hydrates the same markup (referral-entry.tsx), so text and form show before any script runs.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { LandingPage } from './landing-page';
import { toReferralSettings } from './api/get-public-settings';
import type { LandingData } from './landing-data';

export type { LandingData };

/** The page's markup for #root, and the data to hydrate it with (settings read like the client reads them). */
export function renderLandingPage(input: { settings: Record<string, unknown>; year: number }): {
  html: string;
  data: LandingData;
} {
  const data: LandingData = { settings: toReferralSettings(input.settings), year: input.year };
  const html = renderToString(
    <StrictMode>
      <LandingPage uuid={null} initial={data} />
    </StrictMode>,
  );
  return { html, data };
}
