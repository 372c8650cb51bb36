import { createRoot } from 'react-dom/client';
import toast, { Toaster } from 'react-hot-toast';

let isMounted = false;

/** react-hot-toast, with a Toaster of the landing page's own mounted on first use when the page has none. */
export function toastsWith(needsOwnToaster: boolean): typeof toast {
  if (needsOwnToaster && !isMounted) {
    isMounted = true;
    const container = document.createElement('div');
    document.body.append(container);
    createRoot(container).render(<Toaster position="top-center" />);
  }
  return toast;
}
