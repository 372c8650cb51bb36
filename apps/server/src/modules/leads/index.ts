export { leadsAdminRoutes, leadsRoutes, outboxRetryRoutes } from './leads-routes';
export { referralPageCsp } from './referral-page-csp';
export { createCrmConnector, type CrmConnector } from './crm';
export {
  createLeadEventBus,
  type CreatedLead,
  type CreatedLeadListener,
  recordLeadEvent,
  type LeadEventBus,
  type LeadEventListener,
  type RecordedLeadEvent,
} from './lead-events';
export { countAllLeadsByStatus } from './status-counts';
export { LEAD_CREATED } from './lead-created';
export { partnerApiRoutes } from './partner-api-routes';
export { getHashSalt } from './hash-salt';
