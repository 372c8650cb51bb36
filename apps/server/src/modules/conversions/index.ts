import type { FastifyPluginAsync } from 'fastify';
import { createCapiLeadHandler, queueCapiLead, SEND_CAPI_LEAD } from './capi-lead';

export { conversionsRoutes } from './conversions-routes';

/**
 * Server-side Lead events (Meta Conversions API): listens for new landing-page leads and registers
 * the outbox handler that sends them. Registered once, from app.ts.
 */
export const conversionsPlugin: FastifyPluginAsync = async (app) => {
  app.leadEvents.onCreated(queueCapiLead(app.config));
  app.outbox.register(SEND_CAPI_LEAD, createCapiLeadHandler(app.config));
};
