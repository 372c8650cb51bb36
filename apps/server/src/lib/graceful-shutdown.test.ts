import { afterEach, describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase } from '../../test/context';
import { createShutdown } from './graceful-shutdown';

/** A listening app with a route that holds its answer until the test releases it. */
async function startApp() {
  const database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WORKER: 'off', HASH_SALT: 'test-salt-0123456789abcdef' });
  const app = await buildApp({ config, db: database.db, webDistDir: path.join(os.tmpdir(), 'no-web-build') });
  let release!: () => void;
  let entered!: () => void;
  const hasEntered = new Promise<void>((r) => (entered = r));
  app.get('/test/slow', async () => {
    entered();
    await new Promise<void>((r) => (release = r));
    return { status: 'success' };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return { app, database, url: (p: string) => `http://127.0.0.1:${port}${p}`, hasEntered, release: () => release() };
}

let running: App | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('graceful shutdown', () => {
  it('stops taking requests, finishes the one in flight, then stops the worker and closes the database', async () => {
    const { app, database, url, hasEntered, release } = await startApp();
    running = app;
    const steps: string[] = [];
    const shutdown = createShutdown({
      app,
      stopWorker: async () => void steps.push('worker stopped'),
      closeDatabase: async () => {
        await database.close();
        steps.push('database closed');
      },
      timeoutMs: 60_000,
    });

    const inFlight = fetch(url('/test/slow'));
    await hasEntered;
    const outcome = shutdown('SIGTERM');
    await expect(fetch(url('/healthz'))).rejects.toThrow();

    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'success' });
    steps.push('request answered');
    expect(await outcome).toBe('clean');
    expect(steps).toEqual(['worker stopped', 'request answered', 'database closed']);
  });

  it('cuts what is still open once the deadline has passed', async () => {
    const { app, database, url, hasEntered } = await startApp();
    running = app;
    let closing: Promise<void> | undefined;
    const closeDatabase = () => (closing ??= database.close());
    const shutdown = createShutdown({ app, closeDatabase, timeoutMs: 50 });
    const inFlight = fetch(url('/test/slow'));
    await hasEntered;
    expect(await shutdown('SIGTERM')).toBe('timed-out');
    await expect(inFlight).rejects.toThrow();
    await closeDatabase();
  });
});
