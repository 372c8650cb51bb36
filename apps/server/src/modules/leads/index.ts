export { leadsRoutes as leadsModule } from './leads-routes';
export { referralPageCsp } from './referral-page-csp';
export { retryFailedLeads, startLeadWorker, type LeadWorker, type LeadWorkerOptions } from './outbox-worker';
