export { dashboardRoutes } from './dashboard-routes';
export { getDashboardSummary, getDashboardTimeseries } from './dashboard-service';
export { periodRange } from './period-range';
