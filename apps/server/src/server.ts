import { buildApp } from './app';
import { ConfigError, configWarnings, loadConfig, type Config } from './config';
import { openDatabaseWhenReachable } from './db';
import { DataDirInUseError } from './db/data-dir-lock';
import { describeDatabaseError } from './lib/database-errors';
import { createShutdown } from './lib/graceful-shutdown';
import { createLogDestination } from './lib/log-destination';
import { startOutboxWorker } from './lib/outbox';
import { startStatusPullScheduler } from './modules/crm-status';
import { ensureFirstAdmin } from './modules/users';

async function main(): Promise<void> {
  let config: Config;
  try {
    process.loadEnvFile?.('.env');
  } catch {
    // No .env file: the environment alone configures the server.
  }
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const appLog: { current?: { warn(obj: object, msg: string): void } } = {};
  const target = config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir };
  const database = await openDatabaseWhenReachable(target, {
    onRetry: (err, delayMs) => {
      const { code, message } = describeDatabaseError(err);
      console.warn(`Database not reachable (${code ?? message}); retrying in ${Math.round(delayMs / 1000)} s`);
    },
    // Dropped connections are replaced by the pool; the log says why a request answered 503.
    onConnectionError: (err) =>
      appLog.current?.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'database connection lost'),
  });
  const logDestination = createLogDestination();
  const app = await buildApp({
    config,
    db: database.db,
    webDistDir: config.WEB_DIST_DIR,
    logger: {
      stream: logDestination,
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.body.password', 'req.body.new_password'],
    },
  });
  appLog.current = app.log;
  await ensureFirstAdmin(database.db, config, app.log);
  const worker =
    config.WORKER === 'on'
      ? startOutboxWorker(database.db, {
          handlers: app.outbox.handlers,
          waitForQuiet: app.requestPressure.waitForQuiet,
          log: app.log.child({ module: 'outbox-worker' }),
        })
      : null;
  app.outboxWorker = worker;
  // Webhook deliveries in a loop of their own: a receiver that hangs holds up only webhooks.
  const webhookWorker =
    config.WORKER === 'on'
      ? startOutboxWorker(database.db, {
          handlers: app.webhookOutbox.handlers,
          concurrency: config.WEBHOOK_CONCURRENCY,
          waitForQuiet: app.requestPressure.waitForQuiet,
          log: app.log.child({ module: 'webhook-worker' }),
        })
      : null;
  const statusPull =
    worker && app.crm.listLeadsModifiedSince
      ? startStatusPullScheduler(database.db, {
          intervalMs: config.CRM_STATUS_PULL_MS,
          log: app.log.child({ module: 'crm-status-pull' }),
        })
      : null;

  const shutdown = createShutdown({
    app,
    stopWorker: worker
      ? () => Promise.all([statusPull?.stop(), worker.stop(), webhookWorker?.stop()]).then(() => undefined)
      : undefined,
    closeDatabase: () => database.close(),
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  });
  const onSignal = (signal: string) => {
    // Whatever happens on the way out (and whoever reads our output), the process ends soon after the deadline.
    setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS + 1_000).unref();
    void shutdown(signal).then(async (outcome) => {
      await logDestination.flush(250);
      process.exit(outcome === 'clean' ? 0 : 1);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Partner Portal on ${config.publicUrl} (database: ${database.kind})`);
  for (const warning of configWarnings(config)) app.log.warn(warning);
}

main().catch((err) => {
  // Another process has the embedded database open: its message says which and what to do.
  console.error(err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
