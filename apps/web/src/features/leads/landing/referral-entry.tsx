import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingPage } from './landing-page';
import { readLandingData } from './landing-data';
import { loadToasts, provideOwnToaster } from './notify';

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

/**
 * The light entry that main.tsx loads for /referral/* (docs/decisions/002). The server sends the
 * page already rendered with its data (issue 12 §1): hydrate it; otherwise (an old server, no
 * build of the server renderer) render from scratch. The full stylesheet, held back so it does not
 * block the first paint (the critical part is inline), applies once the page is live: what it adds
 * (errors, the estimate's result, the thank-you card) only shows after, and its style pass then
 * does not delay the form becoming usable.
 */
export function mountReferralPage(root: HTMLElement) {
  const data = readLandingData();
  const isServerRendered = !!data && !!root.firstElementChild;
  // What the merchant typed or ticked before the script ran, given back once the page is live.
  const typed = isServerRendered ? snapshotControls(root) : [];
  const page = (
    <StrictMode>
      <LandingPage
        uuid={readReferralUuid(window.location.pathname)}
        initial={data ?? undefined}
        onReady={() => {
          restoreControls(typed);
          applyDeferredStyles();
        }}
      />
    </StrictMode>
  );
  if (isServerRendered) hydrateRoot(root, page);
  else {
    applyDeferredStyles();
    createRoot(root).render(page);
  }
  provideOwnToaster();
  // The toasts load once the merchant starts on a form, before they can need one.
  document.addEventListener('focusin', () => void loadToasts(), { once: true });
}

function applyDeferredStyles() {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred-style]')) link.rel = 'stylesheet';
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
interface ControlState {
  element: Control;
  value: string;
  checked: boolean;
}

export function snapshotControls(root: HTMLElement): ControlState[] {
  return [...root.querySelectorAll<Control>('input, select, textarea')].map((element) => ({
    element,
    value: element.value,
    checked: element instanceof HTMLInputElement && element.checked,
  }));
}

/**
 * Gives back what was typed or picked before hydration to a control that hydration set back to its
 * server-rendered default (a controlled select, the estimate's radio buttons), the way typing does:
 * the native setter or a click, then input and change events, so React's state has it too. A control
 * changed since (by the merchant, after hydration) is left alone.
 */
export function restoreControls(states: ControlState[]) {
  for (const { element, value, checked } of states) {
    if (!element.isConnected) continue;
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
      if (element.checked === element.defaultChecked && element.checked !== checked && (checked || element.type === 'checkbox'))
        element.click();
      continue;
    }
    if (element.value === value || element.value !== defaultValueOf(element)) continue;
    const prototype = Object.getPrototypeOf(element) as typeof element;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
    element.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

function defaultValueOf(element: Control): string {
  if (element instanceof HTMLSelectElement) {
    return [...element.options].find((option) => option.defaultSelected)?.value ?? element.options[0]?.value ?? '';
  }
  return element.defaultValue;
}
