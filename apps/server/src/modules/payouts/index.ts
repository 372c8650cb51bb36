export { payoutDetailsRoutes, payoutsAdminRoutes } from './payouts-routes';
export { payoutsPlugin } from './payouts-mails';
