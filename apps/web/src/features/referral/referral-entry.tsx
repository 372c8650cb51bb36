import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

export function mountReferralPage(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <p className="p-8">Referral</p>
    </StrictMode>,
  );
}
