import fp from 'fastify-plugin';
import { messages } from '@portal/contract';
import { checkDatabaseReadiness } from '../db/readiness';
import type { OutboxWorker } from '../lib/outbox';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker this process runs (server.ts sets it), for /readyz. */
    outboxWorker: Pick<OutboxWorker, 'heartbeat'> | null;
  }
}

/** A worker silent this long is stalled: it beats on every pass (about each second) and every batch. */
export const workerStallMs = 60_000;

type WorkerCheck = 'ok' | 'stalled' | 'stopped' | 'off';

/**
 * Probes for a load balancer or orchestrator: `/healthz` answers while the process runs;
 * `/readyz` only when the database is reachable and migrated and, with WORKER=on, the outbox
 * worker has beaten within `workerStallMs`, so traffic goes elsewhere meanwhile.
 * While the app closes, Fastify answers every new request (these included) with 503.
 */
export const healthPlugin = fp(async (app) => {
  app.decorate('outboxWorker', null);
  const workerCheck = (): WorkerCheck => {
    if (app.config.WORKER === 'off') return 'off';
    const beat = app.outboxWorker?.heartbeat();
    if (!beat?.isRunning) return 'stopped';
    return Date.now() - beat.lastBeatAt <= workerStallMs ? 'ok' : 'stalled';
  };
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'success' as const };
  });

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const { isReachable, isMigrated } = await checkDatabaseReadiness(app.db);
    const worker = workerCheck();
    const checks = {
      database: isReachable ? 'ok' : 'unreachable',
      migrations: !isReachable ? 'unknown' : isMigrated ? 'ok' : 'pending',
      worker,
    };
    if (isReachable && isMigrated && (worker === 'ok' || worker === 'off')) return { status: 'success' as const, data: checks };
    return reply.status(503).send({ status: 'error', message: messages.http.unavailable, data: checks });
  });
});
