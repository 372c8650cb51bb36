export { adminStatsRoutes } from './admin-stats-routes';
export { LEAD_MOVED, leadDailyCountsPlugin, recountLeadDailyCounts } from './lead-daily-counts';
