import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db';
import { ensureFirstAdmin } from './modules/users/first-admin';
import { startLeadWorker } from './modules/leads';

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

  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.dataDir });
  const app = await buildApp({
    config,
    db: database.db,
    webDistDir: config.WEB_DIST_DIR,
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.body.password', 'req.body.new_password'],
    },
  });
  await ensureFirstAdmin(database.db, config, app.log);
  const worker = config.WORKER === 'on' ? startLeadWorker(app) : null;

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await worker?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Partner Portal on ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
