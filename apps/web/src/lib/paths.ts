/** Every client route, named once (spec §2). */
export const paths = {
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  referral: (uuid: string) => `/referral/${uuid}`,
  admin: {
    home: '/admin',
    users: '/admin/users',
    tutorials: '/admin/tutorials',
    settings: '/admin/settings',
  },
  partner: {
    dashboard: '/dashboard',
    submit: '/submit',
    tutorials: '/tutorials',
    compensation: '/compensation',
    settings: '/settings',
  },
} as const;

/** Home of a role after login or on a mismatch (spec §6). */
export const homeFor = (role: 'admin' | 'user') => (role === 'admin' ? paths.admin.home : paths.partner.dashboard);
