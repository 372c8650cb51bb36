import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogDestination } from './log-destination';

describe('the log destination', () => {
  it('never waits on a reader: it queues up to a bound, drops the rest and says how many it dropped', async () => {
    const out = new PassThrough({ highWaterMark: 16 });
    const log = createLogDestination(out, 100);
    const line = `${'x'.repeat(49)}\n`;
    for (let i = 0; i < 10; i++) log.write(line); // nobody reads: 3 lines fit under 100 queued bytes
    expect(out.writableLength).toBe(150);

    // The bounded wait gives up when nobody reads.
    const started = Date.now();
    await log.flush(50);
    expect(Date.now() - started).toBeLessThan(1_000);

    const read: string[] = [];
    out.on('data', (chunk: Buffer) => read.push(chunk.toString()));
    await log.flush(1_000);
    log.write('after\n');
    await new Promise((resolve) => setImmediate(resolve));
    const text = read.join('');
    expect(text.split(line).length - 1).toBe(3);
    expect(text).toContain('"msg":"7 log lines dropped: the output was not read"');
    expect(text.endsWith('after\n')).toBe(true);
  });
});
