export const ADMIN = { email: 'admin@e2e.test', password: 'Admin-e2e-password-1', fullName: 'Administrator' };
