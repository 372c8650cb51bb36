import type { FastifyPluginAsync } from 'fastify';
import { createCapiLeadHandler, queueCapiLead, SEND_CAPI_LEAD } from './capi-lead';

export { conversionsRoutes } from './conversions-routes';
export { SEND_CAPI_LEAD } from './capi-lead';

/**
 * Server-side Lead events (Meta Conversions API): listens for new landing-page leads and registers
 * the outbox handler that sends them. Registered once, from app.ts.
 */
export const conversionsPlugin: FastifyPluginAsync = async (app) => {
  app.leadEvents.on(queueCapiLead(app.config));
  app.outbox.register(SEND_CAPI_LEAD, createCapiLeadHandler(app.config));
  if (app.config.secretsKeyIsDevelopmentKey && app.config.NODE_ENV === 'development') {
    app.log.warn('SECRETS_KEY is unset: stored secrets use the public development key; set SECRETS_KEY in production');
  } else if (!app.config.secretsKey) {
    app.log.info('SECRETS_KEY is unset: partners cannot save Conversions API tokens (server-side Lead events are off)');
  }
};
