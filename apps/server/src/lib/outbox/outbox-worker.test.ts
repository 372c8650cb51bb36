import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { outbox } from '../../db/schema';
import { batchHandler, createOutboxProcessor, enqueue, OutboxError, type OutboxHandlers } from './index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(async () => {
  await ctx.db.delete(outbox);
});

const entries = () => ctx.db.select().from(outbox).orderBy(outbox.id);

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the generic outbox', () => {
  it('runs any registered action on any subject, once per dedupe key', async () => {
    const seen: string[] = [];
    const handlers: OutboxHandlers = {
      'mail.welcome': { handle: async (entry) => void seen.push(`${entry.subjectType}:${entry.subjectId}`) },
    };
    await enqueue(ctx.db, { action: 'mail.welcome', subjectType: 'user', subjectId: '7', dedupeKey: 'welcome:7' });
    await enqueue(ctx.db, { action: 'mail.welcome', subjectType: 'user', subjectId: '7', dedupeKey: 'welcome:7' });

    const handled = await createOutboxProcessor(ctx.db, { handlers, log: ctx.app.log }).processDue();
    expect(handled).toBe(1);
    expect(seen).toEqual(['user:7']);
    expect(await entries()).toMatchObject([{ status: 'done', attempts: 1, leadId: null, lockedUntil: null }]);
  });

  it('leaves actions it has no handler for to a worker that has one', async () => {
    await enqueue(ctx.db, { action: 'future.action', subjectType: 'thing', subjectId: '1' });
    expect(await createOutboxProcessor(ctx.db, { handlers: {}, log: ctx.app.log }).processDue()).toBe(0);
    expect(await entries()).toMatchObject([{ status: 'pending', attempts: 0 }]);
  });

  it('pauses every action of a group until the time the remote gave', async () => {
    let now = Date.now();
    const calls: string[] = [];
    const handlers: OutboxHandlers = {
      'crm.a': {
        group: 'crm',
        handle: async () => {
          calls.push('a');
          throw new OutboxError('HTTP 429', true, 60_000);
        },
      },
      'crm.b': { group: 'crm', handle: async () => void calls.push('b') },
      'mail.c': { handle: async () => void calls.push('c') },
    };
    await enqueue(ctx.db, { action: 'crm.a', subjectType: 'lead', subjectId: '1', at: new Date(now - 2) });
    const processor = createOutboxProcessor(ctx.db, {
      handlers,
      log: ctx.app.log,
      concurrency: 1,
      now: () => now,
      random: () => 0,
    });
    await processor.processDue();
    await enqueue(ctx.db, [
      { action: 'crm.b', subjectType: 'lead', subjectId: '2', at: new Date(now) },
      { action: 'mail.c', subjectType: 'user', subjectId: '3', at: new Date(now) },
    ]);
    await processor.processDue();
    expect(calls).toEqual(['a', 'c']);
    const [a] = await entries();
    expect(a!.nextAttemptAt.getTime()).toBe(now + 60_000);

    now += 60_001;
    await processor.processDue();
    expect(calls.slice(2).sort()).toEqual(['a', 'b']);
  });

  it('renews the lease while a slow handler runs, so no other worker takes the entry', async () => {
    let release!: () => void;
    const slow: OutboxHandlers = { slow: { handle: () => new Promise<void>((resolve) => (release = resolve)) } };
    let otherRuns = 0;
    const other: OutboxHandlers = { slow: { handle: async () => void otherRuns++ } };
    await enqueue(ctx.db, { action: 'slow', subjectType: 'x', subjectId: '1' });

    const first = createOutboxProcessor(ctx.db, { handlers: slow, log: ctx.app.log, leaseMs: 300 }).processDue();
    await waitFor(async () => (await entries())[0]?.status === 'processing');
    const firstLease = (await entries())[0]!.lockedUntil!;
    await waitFor(async () => (await entries())[0]!.lockedUntil! > firstLease);

    // A worker whose clock is past the first lease still finds the entry taken: it was renewed.
    const late = createOutboxProcessor(ctx.db, { handlers: other, log: ctx.app.log, now: () => firstLease.getTime() + 1 });
    expect(await late.processDue()).toBe(0);
    release();
    expect(await first).toBe(1);
    expect(otherRuns).toBe(0);
    expect(await entries()).toMatchObject([{ status: 'done', attempts: 1 }]);
  });

  it('handles a batch action in one transaction with its done marks, and a bad entry fails only itself', async () => {
    const batches: string[][] = [];
    const handlers: OutboxHandlers = {
      count: batchHandler(async (tx, batch) => {
        batches.push(batch.map((e) => e.subjectId ?? ''));
        // What the batch writes commits with the done marks, or not at all.
        await enqueue(
          tx,
          batch.map((e) => ({ action: 'counted', subjectType: 'x', subjectId: e.subjectId ?? '' })),
        );
        if (batch.some((e) => (e.payload as { bad: boolean }).bad)) throw new Error('bad entry');
      }),
    };
    await enqueue(
      ctx.db,
      ['1', '2', '3', '4'].map((id) => ({ action: 'count', subjectType: 'x', subjectId: id, payload: { bad: id === '3' } })),
    );
    // A full backoff (random 1): with jitter near zero the bad entry would be due again in the same pass.
    expect(await createOutboxProcessor(ctx.db, { handlers, log: ctx.app.log, random: () => 1 }).processDue()).toBe(4);
    // One batch of four, rolled back by the bad entry; then each alone.
    expect(batches).toEqual([['1', '2', '3', '4'], ['1'], ['2'], ['3'], ['4']]);
    const rows = await entries();
    expect(rows.filter((e) => e.action === 'count').map((e) => [e.subjectId, e.status, e.lastError])).toEqual([
      ['1', 'done', null],
      ['2', 'done', null],
      ['3', 'pending', 'bad entry'],
      ['4', 'done', null],
    ]);
    // Written once for each entry that is done, never for the bad one.
    expect(rows.filter((e) => e.action === 'counted').map((e) => e.subjectId)).toEqual(['1', '2', '4']);
  });

  it('claims a small batch while requests are still coming, and a full one in a quiet moment', async () => {
    const sizes: number[] = [];
    const handlers: OutboxHandlers = { 'stats.count': batchHandler(async (_tx, batch) => void sizes.push(batch.length)) };
    await enqueue(
      ctx.db,
      Array.from({ length: 30 }, (_, i) => ({ action: 'stats.count', subjectType: 'lead', subjectId: String(i) })),
    );
    const quietMoments = [false, false, true];
    const processor = createOutboxProcessor(ctx.db, {
      handlers,
      log: ctx.app.log,
      batchSize: 100,
      busyBatchSize: 5,
      waitForQuiet: async () => quietMoments.shift() ?? true,
    });
    expect(await processor.processDue()).toBe(30);
    expect(sizes).toEqual([5, 5, 20]);
  });

  it('fails an entry for good once it is older than its retry window', async () => {
    const failed: string[] = [];
    const handlers: OutboxHandlers = {
      flaky: {
        handle: async () => Promise.reject(new Error('down')),
        onFailed: async (_tx, e, error) => void failed.push(`${e.subjectId}:${error}`),
      },
    };
    await enqueue(ctx.db, { action: 'flaky', subjectType: 'x', subjectId: '9', at: new Date(Date.now() - 73 * 3_600_000) });
    await createOutboxProcessor(ctx.db, { handlers, log: ctx.app.log }).processDue();
    expect(await entries()).toMatchObject([{ status: 'failed', lastError: 'down' }]);
    expect(failed).toEqual(['9:down']);
  });
});
