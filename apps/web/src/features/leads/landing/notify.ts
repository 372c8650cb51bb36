// The form's toasts (spec §8) load when first needed, not with the landing page: react-hot-toast
// and its styling library are 4 KB gzip of the page's first script otherwise (issue 12 §1 budget).
type Toasts = typeof import('react-hot-toast').default;

let needsOwnToaster = false;
let loading: Promise<Toasts> | null = null;

/** The landing page has no app layout around it: it mounts its own Toaster with the first toast. */
export function provideOwnToaster() {
  needsOwnToaster = true;
}

/** Starts loading the toasts (e.g. when the merchant starts on the form), so the first one shows at once. */
export function loadToasts(): Promise<Toasts> {
  loading ??= import('./toasts').then((m) => m.toastsWith(needsOwnToaster));
  return loading;
}

export async function notify(kind: 'success' | 'error', message: string): Promise<void> {
  try {
    (await loadToasts())[kind](message);
  } catch (error) {
    console.error('Could not show a message', message, error);
  }
}
