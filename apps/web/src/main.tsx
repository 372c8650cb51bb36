import './index.css';

/**
 * The public referral page is its own light entry (no router, no partner or admin code) so a
 * merchant's phone downloads as little as possible; everything else loads the full app.
 */
const root = document.getElementById('root')!;
if (window.location.pathname.startsWith('/referral/')) {
  afterFirstPaint(() => void import('./features/referral/referral-entry').then((m) => m.mountReferralPage(root)));
} else {
  void import('./app/app').then((m) => m.mountApp(root));
}

/**
 * The referral page arrives rendered, so its script can wait until that has been painted: run
 * before, its module evaluation and hydration (a long task on a phone) would hold the first paint,
 * the page's Largest Contentful Paint, back by a fifth (issue 12 §1). The chunks are fetched
 * meanwhile (modulepreload), so the page comes alive no later. A hidden tab paints nothing: it
 * runs at once.
 */
function afterFirstPaint(run: () => void) {
  if (document.visibilityState === 'hidden') return run();
  // A requestAnimationFrame callback runs just before a frame is painted; a task queued from it runs after.
  requestAnimationFrame(() => setTimeout(run, 0));
}
