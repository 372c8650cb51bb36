/** Every client route, named once (spec §2). */
export const paths = {
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  referral: (uuid: string) => `/referral/${uuid}`,
  /** A recruit link (issue 21): sign-up that joins the recruiter's team. */
  join: (token: string) => `/join/${token}`,
  joinPattern: '/join/:token',
  admin: {
    home: '/admin',
    users: '/admin/users',
    user: (id: number | string) => `/admin/users/${id}`,
    userPattern: '/admin/users/:id',
    account: '/admin/account',
    tutorials: '/admin/tutorials',
    settings: '/admin/settings',
    leads: '/admin/leads',
    audit: '/admin/audit',
    submit: '/admin/submit',
    commissions: '/admin/commissions',
    partnerCommissions: (userId: number | string) => `/admin/commissions/partners/${userId}`,
    partnerCommissionsPattern: '/admin/commissions/partners/:id',
    statement: (statementId: number | string) => `/admin/commissions/statements/${statementId}`,
    statementPattern: '/admin/commissions/statements/:id',
    conflicts: '/admin/conflicts',
    risk: '/admin/risk',
    integritySettings: '/admin/integrity-settings',
    payouts: '/admin/payouts',
  },
  partner: {
    dashboard: '/dashboard',
    submit: '/submit',
    tutorials: '/tutorials',
    compensation: '/compensation',
    team: '/team',
    statement: (statementId: number | string) => `/compensation/statements/${statementId}`,
    statementPattern: '/compensation/statements/:id',
    settings: '/settings',
    payoutSettings: '/settings?tab=payouts',
    referrals: '/referrals',
    referral: (id: string) => `/referrals/${encodeURIComponent(id)}`,
    /** A proposal PDF for a merchant; from a referral with its id and business name prefilled. */
    proposal: '/proposal',
    proposalFor: (leadId: string, business: string) => `/proposal?${new URLSearchParams({ lead: leadId, business }).toString()}`,
  },
} as const;

/** Home of a role after login or on a mismatch (spec §6). */
export const homeFor = (role: 'admin' | 'user') => (role === 'admin' ? paths.admin.home : paths.partner.dashboard);
