import './index.css';

/**
 * The public referral page is its own light entry (no router, no partner or admin code) so a
 * merchant's phone downloads as little as possible; everything else loads the full app.
 */
const root = document.getElementById('root')!;
if (window.location.pathname.startsWith('/referral/')) {
  afterFirstPaint(() => void import('@/features/leads/landing/referral-entry').then((m) => m.mountReferralPage(root)));
} else {
  void import('./app/app').then((m) => m.mountApp(root));
}

/**
 * The referral page arrives rendered, so its script can wait until that has been painted: run
 * before, its module evaluation and hydration (a long task on a phone) would hold the first paint,
 * the page's Largest Contentful Paint, back (issue 12 §1). The chunks are fetched meanwhile
 * (modulepreload), so the page comes alive no later. "Painted" is the first-contentful-paint entry,
 * which the browser reports once that frame is on screen (a frame's requestAnimationFrame can come
 * before its content shows); where paint timing is missing, the frame after the next. A hidden tab
 * paints nothing: it runs at once. Runs once, at the latest after a few seconds.
 */
function afterFirstPaint(run: () => void) {
  let hasRun = false;
  const once = () => {
    if (hasRun) return;
    hasRun = true;
    run();
  };
  if (document.visibilityState === 'hidden') return once();
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      // A task of its own, after the browser has dispatched the entry.
      setTimeout(once, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => setTimeout(once, 0)), 0));
  }
  setTimeout(once, 3000);
}
