import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from './auth';

/**
 * The one place admin routes live. Every route registered by these plugins, and by anything they
 * register, answers 401 to anonymous callers and 403 to partners before its own code runs: the
 * guard is a hook of the scope, so a new admin route cannot be added without it. Only a user who
 * acts as an admin (lib/access.ts) passes: while the Admin Two-Factor setting is `required`, an
 * admin who has not set up two-factor gets 403 TWO_FACTOR_SETUP_REQUIRED from every one of them.
 */
export function adminScope(...routes: FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (admin) => {
    admin.addHook('onRequest', requireAdmin);
    admin.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ bearer: [] }] };
    });
    for (const plugin of routes) await admin.register(plugin);
  };
}
