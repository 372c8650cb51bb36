export const ADMIN = { email: 'admin@e2e.test', password: 'Admin-e2e-password-1', fullName: 'Administrator' };
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
