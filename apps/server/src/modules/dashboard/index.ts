export { dashboardRoutes } from './dashboard-routes';
export { getDashboardSummary, getDashboardTimeseries } from './dashboard-service';
