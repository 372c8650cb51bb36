export { auditAdminRoutes } from './audit-routes';
export { listAudit } from './audit-service';
