/** API keys (issue #24 §2): admin keys with scopes and partner keys; the bearer check is lib/api-key-auth.ts. */
export { apiKeysAdminRoutes, apiKeysUserRoutes } from './api-keys-routes';
