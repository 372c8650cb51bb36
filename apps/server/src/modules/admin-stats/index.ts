export { adminStatsRoutes } from './admin-stats-routes';
