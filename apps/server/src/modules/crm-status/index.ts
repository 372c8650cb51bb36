import type { FastifyPluginAsync } from 'fastify';
import { createStatusPullHandler, createStatusPushHandler, PULL_STATUS, PUSH_STATUS, queueStatusPush } from './crm-status-sync';

export { pullWatermarkKey, PULL_STATUS, PUSH_STATUS, queueStatusPull, startStatusPullScheduler } from './crm-status-sync';

/**
 * Keeps lead statuses in step with a CRM that can hold them (CRM=zoho): portal moves are pushed
 * through the outbox, the CRM's changes are pulled on a schedule (server.ts). Nothing with CRM=none.
 */
export const crmStatusPlugin: FastifyPluginAsync = async (app) => {
  if (!app.crm.updateLeadStatus || !app.crm.listLeadsModifiedSince) return;
  app.leadEvents.on(queueStatusPush);
  app.outbox.register(PUSH_STATUS, createStatusPushHandler(app.crm));
  app.outbox.register(PULL_STATUS, createStatusPullHandler(app.crm, app.leadEvents));
};
