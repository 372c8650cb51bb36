export { auditAdminRoutes } from './audit-routes';
