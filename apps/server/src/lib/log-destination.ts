import type { Writable } from 'node:stream';

/** What pino writes its lines to (Fastify's `logger.stream`), and a bounded wait for what is queued. */
export interface LogDestination {
  write(line: string): void;
  /** Resolves once the queued lines are written, or after `ms` if the reader does not take them. */
  flush(ms: number): Promise<void>;
}

/**
 * The server's log output: process.stdout, never a blocking write to file descriptor 1.
 *
 * pino's own destination writes each line with a synchronous write(2). When whoever reads the
 * server's output stops reading (a test harness that finished, a full pipe), that write waits in the
 * kernel, and with it the whole process, SIGTERM handler included: servers were found an hour after
 * SIGTERM, asleep (issue 19 §4). process.stdout never waits on a pipe or socket (libuv queues what
 * the pipe cannot take yet) and writes to a file synchronously (a file has no reader to wait for).
 * Lines beyond `maxQueuedBytes` of queue are dropped and counted, so a reader that never comes back
 * cannot grow the memory either.
 */
export function createLogDestination(out: Writable = process.stdout, maxQueuedBytes = 4 * 1024 * 1024): LogDestination {
  let dropped = 0;
  return {
    write(line) {
      if (out.writableLength > maxQueuedBytes) {
        dropped += 1;
        return;
      }
      if (dropped > 0) {
        out.write(
          `${JSON.stringify({ level: 40, time: Date.now(), msg: `${dropped} log lines dropped: the output was not read` })}\n`,
        );
        dropped = 0;
      }
      out.write(line);
    },
    flush(ms) {
      if (out.writableLength === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          out.off('drain', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        out.once('drain', done);
      });
    },
  };
}
