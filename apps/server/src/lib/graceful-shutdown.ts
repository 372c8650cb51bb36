import type { FastifyInstance } from 'fastify';

export interface ShutdownDeps {
  app: FastifyInstance;
  /** Stops the background worker; work it has not finished stays in the database for the next claim. */
  stopWorker?: () => Promise<void>;
  closeDatabase: () => Promise<void>;
  /** After this, connections still open are cut and the process may exit. */
  timeoutMs: number;
}

export type ShutdownOutcome = 'clean' | 'timed-out';

/**
 * Stops taking requests (the listener closes; a request arriving on a kept-alive connection gets
 * 503), lets the requests in flight and the worker's current item finish, then closes the database
 * — all within `timeoutMs`, after which open connections are cut. Safe to call more than once.
 */
export function createShutdown(deps: ShutdownDeps): (signal: string) => Promise<ShutdownOutcome> {
  let shutdown: Promise<ShutdownOutcome> | undefined;
  return (signal) => {
    shutdown ??= (async () => {
      const { app } = deps;
      app.log.info({ signal, timeoutMs: deps.timeoutMs }, 'shutting down');
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<ShutdownOutcome>((resolve) => {
        timer = setTimeout(() => resolve('timed-out'), deps.timeoutMs);
      });
      // A connection kept alive after its last answer would hold close() up to the keep-alive
      // timeout; Node closes only those idle at the moment close() is called, so keep closing them.
      const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
      const orderly = (async (): Promise<ShutdownOutcome> => {
        await Promise.all([app.close(), deps.stopWorker?.()]);
        await deps.closeDatabase();
        return 'clean';
      })();
      const outcome = await Promise.race([orderly, deadline]);
      clearTimeout(timer);
      clearInterval(idleSweep);
      if (outcome === 'timed-out') {
        app.server.closeAllConnections();
        app.log.warn({ timeoutMs: deps.timeoutMs }, 'shutdown deadline passed; open connections were cut');
      } else {
        app.log.info('shut down cleanly');
      }
      return outcome;
    })();
    return shutdown;
  };
}
