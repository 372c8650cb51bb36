export { adminStatsRoutes } from './admin-stats-routes';
export { leadRollupsPlugin, rebuildLeadRollups } from './lead-rollups';
