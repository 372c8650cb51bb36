import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { setTwoFactorSetupRedirect, setUnauthorizedRedirect } from '@/lib/api/client';
import type { LoginState } from '@/lib/auth/login-state';
import { paths } from '@/lib/paths';
import { AppLayout } from './layout/app-layout';
import { GuestOnly, HomeRedirect, RequireAuth, RequireRole, RequireTwoFactorSetUp } from './routes/guards';
import { RouteError } from './routes/route-error';
import { WithPayoutReadiness } from './routes/payout-readiness-slot';

// Every page is its own chunk: a partner never downloads admin code and the other way round.
const LoginPage = lazy(() => import('@/features/users/pages/login-page').then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = lazy(() =>
  import('@/features/users/pages/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('@/features/users/pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);

const AdminDashboardPage = lazy(() =>
  import('@/features/admin-stats/pages/admin-dashboard-page').then((m) => ({ default: m.AdminDashboardPage })),
);
const AdminUsersPage = lazy(() =>
  import('@/features/admin-users/pages/admin-users-page').then((m) => ({ default: m.AdminUsersPage })),
);
const AdminUserPage = lazy(() => import('./routes/admin-user-route').then((m) => ({ default: m.AdminUserRoute })));
const AdminResourcesPage = lazy(() =>
  import('@/features/resources/pages/admin-resources-page').then((m) => ({ default: m.AdminResourcesPage })),
);
const AdminSettingsPage = lazy(() =>
  import('@/features/settings/pages/admin-settings-page').then((m) => ({ default: m.AdminSettingsPage })),
);

const AdminLeadsPage = lazy(() => import('@/features/leads/pages/admin-leads-page').then((m) => ({ default: m.AdminLeadsPage })));
const AdminConflictsPage = lazy(() =>
  import('@/features/integrity/pages/admin-conflicts-page').then((m) => ({ default: m.AdminConflictsPage })),
);
const AdminRiskPage = lazy(() =>
  import('@/features/integrity/pages/admin-risk-page').then((m) => ({ default: m.AdminRiskPage })),
);
const AdminIntegritySettingsPage = lazy(() =>
  import('@/features/integrity/pages/admin-integrity-settings-page').then((m) => ({ default: m.AdminIntegritySettingsPage })),
);
const AdminAuditPage = lazy(() => import('@/features/audit/pages/admin-audit-page').then((m) => ({ default: m.AdminAuditPage })));
const AdminSubmitRoute = lazy(() =>
  import('@/features/leads/pages/admin-submit-page').then((m) => ({ default: m.AdminSubmitRoute })),
);

const DashboardPage = lazy(() => import('@/features/dashboard/pages/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const PartnerSubmitRoute = lazy(() => import('./routes/partner-submit-route').then((m) => ({ default: m.PartnerSubmitRoute })));
const ReferralsPage = lazy(() => import('@/features/leads/pages/referrals-page').then((m) => ({ default: m.ReferralsPage })));
const ReferralDetailPage = lazy(() => import('./routes/referral-detail-route').then((m) => ({ default: m.ReferralDetailRoute })));
const ProposalPage = lazy(() => import('@/features/proposals/pages/proposal-page').then((m) => ({ default: m.ProposalPage })));
const ResourcesPage = lazy(() => import('@/features/resources/pages/resources-page').then((m) => ({ default: m.ResourcesPage })));
const CompensationPage = lazy(() =>
  import('@/features/commissions/pages/compensation-page').then((m) => ({ default: m.CompensationPage })),
);
const StatementPage = lazy(() =>
  import('@/features/commissions/pages/statement-page').then((m) => ({ default: m.StatementPage })),
);
const AdminCommissionsPage = lazy(() =>
  import('@/features/commissions/pages/admin-commissions-page').then((m) => ({ default: m.AdminCommissionsPage })),
);
const AdminPartnerCommissionsPage = lazy(() =>
  import('@/features/commissions/pages/admin-partner-commissions-page').then((m) => ({ default: m.AdminPartnerCommissionsPage })),
);
const AdminStatementPage = lazy(() =>
  import('@/features/commissions/pages/admin-statement-page').then((m) => ({ default: m.AdminStatementPage })),
);
const JoinPage = lazy(() => import('@/features/users/pages/join-page').then((m) => ({ default: m.JoinPage })));
const MyTeamPage = lazy(() => import('@/features/commissions/pages/my-team-page').then((m) => ({ default: m.MyTeamPage })));
const AccountPage = lazy(() => import('@/features/users/pages/account-page').then((m) => ({ default: m.AccountPage })));
const SettingsRoute = lazy(() => import('./routes/settings-route').then((m) => ({ default: m.SettingsRoute })));
const AdminPayoutsPage = lazy(() =>
  import('@/features/payouts/pages/admin-payouts-page').then((m) => ({ default: m.AdminPayoutsPage })),
);
const AdminIntegrationsSections = lazy(() =>
  import('@/features/integrations/pages/integrations-sections').then((m) => ({ default: m.AdminIntegrationsSections })),
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
