import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@portal/contract';
import { createTestContext, type TestContext } from '../../test/context';
import { startOutboxWorker } from '../lib/outbox';
import { workerStallMs } from './health';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('probes', () => {
  it('/healthz answers 200 while the process runs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 200 when the database is reachable and migrated', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { database: 'ok', migrations: 'ok', worker: 'off' } });
  });

  it('/readyz answers 503 while a migration of this build is not applied', async () => {
    const [newest] = (
      await ctx.db.execute<{ id: number; hash: string; created_at: string }>(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning *`,
      )
    ).rows;
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'error',
        message: messages.http.unavailable,
        data: { database: 'ok', migrations: 'pending', worker: 'off' },
      });
    } finally {
      await ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('/readyz with WORKER=on', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ WORKER: 'on' });
  });
  afterAll(() => ctx.close());
  afterEach(() => vi.useRealTimers());

  const ready = () => ctx.app.inject({ method: 'GET', url: '/readyz' });

  it('answers 503 until the worker runs, 200 while it beats, 503 once it stalls or stops', async () => {
    const notStarted = await ready();
    expect(notStarted.statusCode).toBe(503);
    expect(notStarted.json().data).toEqual({ database: 'ok', migrations: 'ok', worker: 'stopped' });

    // Polls once, then sleeps (nothing is enqueued here), so it beats only when stop() wakes it.
    const worker = startOutboxWorker(ctx.db, { handlers: ctx.app.outbox.handlers, log: ctx.app.log, pollIntervalMs: 3_600_000 });
    ctx.app.outboxWorker = worker;
    try {
      const running = await ready();
      expect(running.statusCode).toBe(200);
      expect(running.json()).toEqual({ status: 'success', data: { database: 'ok', migrations: 'ok', worker: 'ok' } });

      // No beat for longer than the stall limit, as when a pass hangs.
      const { lastBeatAt } = worker.heartbeat();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(lastBeatAt + workerStallMs + 1_000);
      const stalled = await ready();
      expect(stalled.statusCode).toBe(503);
      expect(stalled.json()).toEqual({
        status: 'error',
        message: messages.http.unavailable,
        data: { database: 'ok', migrations: 'ok', worker: 'stalled' },
      });
      vi.useRealTimers();
    } finally {
      await worker.stop();
    }
    const stopped = await ready();
    expect(stopped.statusCode).toBe(503);
    expect(stopped.json().data.worker).toBe('stopped');
    ctx.app.outboxWorker = null;
  });
});
