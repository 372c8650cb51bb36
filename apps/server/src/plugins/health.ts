import fp from 'fastify-plugin';
import { messages } from '@portal/contract';
import { checkDatabaseReadiness } from '../db/readiness';

/**
 * Probes for a load balancer or orchestrator: `/healthz` answers while the process runs;
 * `/readyz` only when the database is reachable and migrated, so traffic goes elsewhere meanwhile.
 * While the app closes, Fastify answers every new request (these included) with 503.
 */
export const healthPlugin = fp(async (app) => {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'success' as const };
  });

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const { isReachable, isMigrated } = await checkDatabaseReadiness(app.db);
    const checks = { database: isReachable ? 'ok' : 'unreachable', migrations: !isReachable ? 'unknown' : isMigrated ? 'ok' : 'pending' };
    if (isReachable && isMigrated) return { status: 'success' as const, data: checks };
    return reply.status(503).send({ status: 'error', message: messages.http.unavailable, data: checks });
  });
});
