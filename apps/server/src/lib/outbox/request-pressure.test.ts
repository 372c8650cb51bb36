import { describe, expect, it } from 'vitest';
import { createRequestPressure } from './request-pressure';

describe('request pressure', () => {
  it('is quiet at once when no request is in hand', async () => {
    const pressure = createRequestPressure({ quietMs: 1_000 });
    const started = Date.now();
    expect(await pressure.waitForQuiet()).toBe(true);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('waits for the requests in hand to be answered, then for a quiet moment', async () => {
    const pressure = createRequestPressure({ quietMs: 20, maxWaitMs: 5_000 });
    pressure.noteStart();
    pressure.noteStart();
    let quiet: boolean | undefined;
    const waiting = pressure.waitForQuiet().then((q) => (quiet = q));
    await new Promise((r) => setTimeout(r, 60));
    pressure.noteEnd();
    await new Promise((r) => setTimeout(r, 60));
    expect(quiet).toBeUndefined();
    pressure.noteEnd();
    await waiting;
    expect(quiet).toBe(true);
  });

  it('gives up after the longest wait while requests keep coming, so the worker is never starved', async () => {
    const pressure = createRequestPressure({ quietMs: 20, maxWaitMs: 100 });
    pressure.noteStart();
    const started = Date.now();
    expect(await pressure.waitForQuiet()).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });

  it('stops trusting a count that a lost hook left high', async () => {
    let now = 0;
    const pressure = createRequestPressure({ quietMs: 20, maxWaitMs: 60_000, staleMs: 5_000, now: () => now });
    pressure.noteStart();
    now = 5_000;
    expect(await pressure.waitForQuiet()).toBe(true);
  });
});
