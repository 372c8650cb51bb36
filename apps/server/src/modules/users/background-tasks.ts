import type { FastifyBaseLogger } from 'fastify';

const pending = new Set<Promise<void>>();

/**
 * Runs work after the answer has gone out, so the answer's timing cannot reveal what the work
 * found (forgot-password) and a slow mail server cannot slow the caller. Failures are logged.
 */
export function runInBackground(log: FastifyBaseLogger, label: string, task: () => Promise<void>): void {
  const run: Promise<void> = task()
    .catch((err: unknown) => log.error({ err }, `${label} failed`))
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves once every task started so far has finished; app close and tests wait on it. */
export async function settleBackgroundTasks(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
