import type { FastifyPluginAsync } from 'fastify';
import { notificationHandlers, queueNewLeadMails, queueNotifications } from './notifications-service';

export { unsubscribeRoutes } from './notifications-routes';
export { createUnsubscribeToken, getUnsubscribeSecret } from './unsubscribe-token';

/**
 * Emails about leads: subscribes to lead events (mails are queued in the event's transaction) and
 * registers the outbox handlers that render and send them. Registered once, from app.ts.
 */
export const notificationsPlugin: FastifyPluginAsync = async (app) => {
  app.leadEvents.on(queueNotifications);
  app.leadEvents.onCreated(queueNewLeadMails);
  for (const [action, handler] of Object.entries(notificationHandlers({ config: app.config, mailer: app.mailer }))) {
    app.outbox.register(action, handler);
  }
};
