import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from './auth';

/**
 * The one place admin routes live. Every route registered by these plugins, and by anything they
 * register, answers 401 to anonymous callers and 403 to partners before its own code runs: the
 * guard is a hook of the scope, so a new admin route cannot be added without it.
 */
export function adminScope(...routes: FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (admin) => {
    admin.addHook('onRequest', requireRole('admin'));
    admin.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ bearer: [] }] };
    });
    for (const plugin of routes) await admin.register(plugin);
  };
}
