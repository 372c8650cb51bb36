import { lazy, type ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { setTwoFactorSetupRedirect, setUnauthorizedRedirect } from '@/lib/api/client';
import type { LoginState } from '@/lib/auth/login-state';
import { paths } from '@/lib/paths';
import { AppLayout } from './layout/app-layout';
import { GuestOnly, HomeRedirect, RequireAuth, RequireRole, RequireTwoFactorSetUp } from './routes/guards';
import { RouteError } from './routes/route-error';
import { WithPayoutReadiness } from './routes/payout-readiness-slot';

/** A page loaded on first visit from its module's named export (React.lazy wants a default one). */
const lazyPage = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

// Every page is its own chunk: a partner never downloads admin code and the other way round.
const LoginPage = lazyPage(() => import('@/features/users/pages/login-page'), 'LoginPage');
const ForgotPasswordPage = lazyPage(() => import('@/features/users/pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('@/features/users/pages/reset-password-page'), 'ResetPasswordPage');

const AdminDashboardPage = lazyPage(() => import('@/features/admin-stats/pages/admin-dashboard-page'), 'AdminDashboardPage');
const AdminUsersPage = lazyPage(() => import('@/features/admin-users/pages/admin-users-page'), 'AdminUsersPage');
const AdminUserPage = lazyPage(() => import('./routes/admin-user-route'), 'AdminUserRoute');
const AdminResourcesPage = lazyPage(() => import('@/features/resources/pages/admin-resources-page'), 'AdminResourcesPage');
const AdminSettingsPage = lazyPage(() => import('@/features/settings/pages/admin-settings-page'), 'AdminSettingsPage');

const AdminLeadsPage = lazyPage(() => import('@/features/leads/pages/admin-leads-page'), 'AdminLeadsPage');
const AdminConflictsPage = lazyPage(() => import('@/features/integrity/pages/admin-conflicts-page'), 'AdminConflictsPage');
const AdminRiskPage = lazyPage(() => import('@/features/integrity/pages/admin-risk-page'), 'AdminRiskPage');
const AdminIntegritySettingsPage = lazyPage(
  () => import('@/features/integrity/pages/admin-integrity-settings-page'),
  'AdminIntegritySettingsPage',
);
const AdminAuditPage = lazyPage(() => import('@/features/audit/pages/admin-audit-page'), 'AdminAuditPage');
const AdminSubmitRoute = lazyPage(() => import('@/features/leads/pages/admin-submit-page'), 'AdminSubmitRoute');

const DashboardPage = lazyPage(() => import('@/features/dashboard/pages/dashboard-page'), 'DashboardPage');
const PartnerSubmitRoute = lazyPage(() => import('./routes/partner-submit-route'), 'PartnerSubmitRoute');
const ReferralsPage = lazyPage(() => import('@/features/leads/pages/referrals-page'), 'ReferralsPage');
const ReferralDetailPage = lazyPage(() => import('./routes/referral-detail-route'), 'ReferralDetailRoute');
const ProposalPage = lazyPage(() => import('@/features/proposals/pages/proposal-page'), 'ProposalPage');
const ResourcesPage = lazyPage(() => import('@/features/resources/pages/resources-page'), 'ResourcesPage');
const CompensationPage = lazyPage(() => import('@/features/commissions/pages/compensation-page'), 'CompensationPage');
const StatementPage = lazyPage(() => import('@/features/commissions/pages/statement-page'), 'StatementPage');
const AdminCommissionsPage = lazyPage(
  () => import('@/features/commissions/pages/admin-commissions-page'),
  'AdminCommissionsPage',
);
const AdminPartnerCommissionsPage = lazyPage(
  () => import('@/features/commissions/pages/admin-partner-commissions-page'),
  'AdminPartnerCommissionsPage',
);
const AdminStatementPage = lazyPage(() => import('@/features/commissions/pages/admin-statement-page'), 'AdminStatementPage');
const JoinPage = lazyPage(() => import('@/features/users/pages/join-page'), 'JoinPage');
const MyTeamPage = lazyPage(() => import('@/features/commissions/pages/my-team-page'), 'MyTeamPage');
const AccountPage = lazyPage(() => import('@/features/users/pages/account-page'), 'AccountPage');
const SettingsRoute = lazyPage(() => import('./routes/settings-route'), 'SettingsRoute');
const AdminPayoutsPage = lazyPage(() => import('@/features/payouts/pages/admin-payouts-page'), 'AdminPayoutsPage');
const AdminIntegrationsSections = lazyPage(
  () => import('@/features/integrations/pages/integrations-sections'),
  'AdminIntegrationsSections',
);

/** The routes and guards of spec §2. */
export function createAppRouter() {
  const router = createBrowserRouter([
    {
      errorElement: <RouteError />,
      children: [
        {
          element: <GuestOnly />,
          children: [
            { path: paths.login, element: <LoginPage /> },
            { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
            { path: paths.resetPassword, element: <ResetPasswordPage /> },
            { path: paths.joinPattern, element: <JoinPage /> },
          ],
        },
        {
          element: <RequireAuth />,
          children: [
            {
              element: <AppLayout />,
              children: [
                {
                  element: <RequireRole role="admin" />,
                  children: [
                    {
                      element: <RequireTwoFactorSetUp />,
                      children: [
                        { path: paths.admin.home, element: <AdminDashboardPage /> },
                        { path: paths.admin.users, element: <AdminUsersPage /> },
                        { path: paths.admin.userPattern, element: <AdminUserPage /> },
                        { path: paths.admin.tutorials, element: <AdminResourcesPage /> },
                        {
                          path: paths.admin.settings,
                          element: (
                            <>
                              <AdminSettingsPage />
                              <AdminIntegrationsSections />
                            </>
                          ),
                        },
                        { path: paths.admin.leads, element: <AdminLeadsPage /> },
                        { path: paths.admin.audit, element: <AdminAuditPage /> },
                        { path: paths.admin.submit, element: <AdminSubmitRoute /> },
                        { path: paths.admin.account, element: <AccountPage /> },
                        { path: paths.admin.commissions, element: <AdminCommissionsPage /> },
                        { path: paths.admin.payouts, element: <AdminPayoutsPage /> },
                        { path: paths.admin.partnerCommissionsPattern, element: <AdminPartnerCommissionsPage /> },
                        { path: paths.admin.statementPattern, element: <AdminStatementPage /> },
                        { path: paths.admin.conflicts, element: <AdminConflictsPage /> },
                        { path: paths.admin.risk, element: <AdminRiskPage /> },
                        { path: paths.admin.integritySettings, element: <AdminIntegritySettingsPage /> },
                      ],
                    },
                  ],
                },
                {
                  element: <RequireRole role="user" />,
                  children: [
                    {
                      path: paths.partner.dashboard,
                      element: (
                        <WithPayoutReadiness>
                          <DashboardPage />
                        </WithPayoutReadiness>
                      ),
                    },
                    { path: paths.partner.referrals, element: <ReferralsPage /> },
                    { path: `${paths.partner.referrals}/:id`, element: <ReferralDetailPage /> },
                    { path: paths.partner.proposal, element: <ProposalPage /> },
                    { path: paths.partner.submit, element: <PartnerSubmitRoute /> },
                    { path: paths.partner.tutorials, element: <ResourcesPage /> },
                    {
                      path: paths.partner.compensation,
                      element: (
                        <WithPayoutReadiness>
                          <CompensationPage />
                        </WithPayoutReadiness>
                      ),
                    },
                    { path: paths.partner.statementPattern, element: <StatementPage /> },
                    { path: paths.partner.team, element: <MyTeamPage /> },
                    { path: paths.partner.settings, element: <SettingsRoute /> },
                  ],
                },
              ],
            },
          ],
        },
        { index: true, element: <HomeRedirect /> },
        { path: '*', element: <HomeRedirect /> },
      ],
    },
  ]);

  // spec §8: a 401 sends the user to /login (the interceptor skips this when already there).
  setUnauthorizedRedirect(() => {
    const { pathname, search, hash } = router.state.location;
    const state: LoginState = { from: { pathname, search, hash } };
    void router.navigate(paths.login, { replace: true, state });
  });

  // An admin who must set up two-factor first (the setting changed while signed in): to the setup.
  setTwoFactorSetupRedirect(() => {
    if (router.state.location.pathname !== paths.admin.account) void router.navigate(paths.admin.account, { replace: true });
  });

  return router;
}
