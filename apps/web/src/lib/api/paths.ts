/** Every API path under /api/v1, named once; the client's base URL adds the prefix. */
const id = (value: string | number) => encodeURIComponent(String(value));

export const apiPaths = {
  users: {
    me: '/users/me',
    login: '/users/login',
    logout: '/users/logout',
    register: '/users/register',
    forgotPassword: '/users/forgot-password',
    resetPassword: '/users/reset-password',
    pixelId: '/users/user/get-pixel-id',
    updatePixelId: '/users/update-pixel-id',
    notificationPreferences: '/users/notification-preferences',
    changePassword: '/users/change-password',
    sessions: '/users/sessions',
    session: (sessionId: number) => `/users/sessions/${id(sessionId)}`,
    revokeOtherSessions: '/users/sessions/revoke-others',
  },
  settings: {
    public: '/settings/public',
  },
  leads: {
    submit: '/leads/referral/by-uuid',
    mine: '/leads/mine',
    mineCounts: '/leads/mine/counts',
    mineExport: '/leads/mine/export.csv',
    mineOne: (leadId: string) => `/leads/mine/${id(leadId)}`,
  },
  admin: {
    settings: '/admin/settings',
    setting: (key: string) => `/admin/settings/${id(key)}`,
    leads: '/admin/leads',
    leadsExport: '/admin/leads/export.csv',
    leadsBulkStatus: '/admin/leads/status',
    leadPartners: '/admin/leads/partners',
    lead: (leadId: string) => `/admin/leads/${id(leadId)}`,
    leadStatus: (leadId: string) => `/admin/leads/${id(leadId)}/status`,
    leadPartner: (leadId: string) => `/admin/leads/${id(leadId)}/partner`,
    leadNotes: (leadId: string) => `/admin/leads/${id(leadId)}/notes`,
    outboxRetry: '/admin/leads/outbox/retry',
    audit: '/admin/audit',
    users: '/admin/users',
    usersExport: '/admin/users/export.csv',
    userInvite: '/admin/users/invite',
    user: (userId: number) => `/admin/users/${id(userId)}`,
    userAction: (userId: number, action: 'disable' | 'enable' | 'send-reset' | 'revoke-sessions' | 'resend-invite' | 'approve' | 'reject') =>
      `/admin/users/${id(userId)}/${action}`,
    stats: '/admin/stats',
    crmHealth: '/admin/crm-health',
  },
} as const;
