import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

export function mountApp(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <p className="p-8">Partner Portal</p>
    </StrictMode>,
  );
}
