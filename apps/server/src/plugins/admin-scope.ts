import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from './auth';

/**
 * The one place admin routes live. Every route registered by these plugins, and by anything they
 * register, answers 401 to anonymous callers and 403 to partners before its own code runs: the
 * guard is a hook of the scope, so a new admin route cannot be added without it. Only a user who
 * acts as an admin (lib/access.ts) passes: while the Admin Two-Factor setting is `required`, an
 * admin who has not set up two-factor gets 403 TWO_FACTOR_SETUP_REQUIRED from every one of them.
 * The few routes of the public admin API (`config.apiKeyScope`) also take an admin API key with
 * that permission, whose owner then passes the same guard.
 */
export function adminScope(...routes: FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (admin) => {
    admin.addHook('onRequest', requireAdmin);
    admin.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ bearer: [] }] };
      // A route that takes API keys (config.apiKeyScope) takes admin keys only (lib/api-key-auth.ts).
      if (route.config?.apiKeyScope) route.config = { ...route.config, apiKeyOwner: 'admin' };
    });
    for (const plugin of routes) await admin.register(plugin);
  };
}
