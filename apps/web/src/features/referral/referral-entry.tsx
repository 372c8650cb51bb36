import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';
import { LandingPage } from './landing-page';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The partner uuid of /referral/{uuid}; null when it is missing or malformed. */
export function readReferralUuid(pathname: string): string | null {
  const segment = pathname.replace(/^\/referral\/?/, '').split('/')[0] ?? '';
  try {
    const uuid = decodeURIComponent(segment).trim();
    return uuidPattern.test(uuid) ? uuid : null;
  } catch {
    return null;
  }
}

/** The light entry that main.tsx loads for /referral/* (docs/decisions/002). */
export function mountReferralPage(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <LandingPage uuid={readReferralUuid(window.location.pathname)} />
      <Toaster position="top-center" />
    </StrictMode>,
  );
}
