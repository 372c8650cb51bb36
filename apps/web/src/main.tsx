import './index.css';

/**
 * The public referral page is its own light entry (no router, no partner or admin code) so a
 * merchant's phone downloads as little as possible; everything else loads the full app.
 */
const root = document.getElementById('root')!;
if (window.location.pathname.startsWith('/referral/')) {
  void import('./features/referral/referral-entry').then((m) => m.mountReferralPage(root));
} else {
  void import('./app/app').then((m) => m.mountApp(root));
}
