import fp from 'fastify-plugin';
import { WEBHOOK_EVENT_ACTION } from '../../lib/integration-events';
import { createOutboxRegistry, type OutboxRegistry } from '../../lib/outbox';
import {
  createDeliveryHandler,
  createDisabledMailHandler,
  createFanOutHandler,
  defaultCircuitDelayMs,
  WEBHOOK_DELIVER_ACTION,
  WEBHOOK_DISABLED_MAIL_ACTION,
  type DeliveryOptions,
} from './webhook-delivery';
import { onLeadEvent, onReferralsCreated } from './webhook-events';

export { postbacksRoutes, webhooksAdminRoutes } from './webhooks-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Webhook deliveries: their own outbox handlers, run by their own worker loop (server.ts), so
     * receivers that are slow or down never delay mails, CRM pushes or the lead fan-out.
     */
    webhookOutbox: OutboxRegistry;
  }
}

export const webhookDeliveryDefaults: DeliveryOptions = { timeoutMs: 10_000, circuitDelayMs: defaultCircuitDelayMs };

/**
 * Webhooks and partner postbacks (issue #24): listens for referral moves (the lead event bus) and
 * new referrals (the `lead.created` fan-out), fans each event out to the endpoints that want it and
 * delivers it, signed per Standard Webhooks. Registered once from app.ts, after the commissions
 * plugin (merchant.approved reads the account its listener opened).
 */
export const webhooksPlugin = fp<{ delivery?: Partial<DeliveryOptions> }>(async (app, opts) => {
  app.leadEvents.onCreated(onReferralsCreated);
  app.leadEvents.on(onLeadEvent);
  app.outbox.register(WEBHOOK_EVENT_ACTION, createFanOutHandler());
  app.outbox.register(WEBHOOK_DISABLED_MAIL_ACTION, createDisabledMailHandler(app));
  const registry = createOutboxRegistry();
  registry.register(
    WEBHOOK_DELIVER_ACTION,
    createDeliveryHandler({ config: app.config, options: { ...webhookDeliveryDefaults, ...opts.delivery } }),
  );
  app.decorate('webhookOutbox', registry);
});
