/**
 * Requests go before the outbox worker. The worker runs in the server's process: its fan-out
 * (mails, statistics, integrity checks, webhook events) takes the event loop, and on the embedded
 * database the one connection, while requests wait. So before each claim the worker waits until no
 * request has been in hand for `quietMs`, but never longer than `maxWaitMs`: a steady stream of
 * requests slows the fan-out, never stops it, and the claim it then makes is a small one. With the
 * usual traffic (a request now and then) the worker never waits more than `quietMs`.
 *
 * Requests in hand are counted, not only their arrival: while the event loop is busy with a commit,
 * requests already on their sockets have not been seen arriving, and a timer that fires first would
 * take the moment for a quiet one. A count that a lost hook left high is trusted for `staleMs` at most.
 */
export interface RequestPressure {
  /** A request has arrived (onRequest). */
  noteStart: () => void;
  /** A request is answered or aborted (onResponse, onRequestAbort). */
  noteEnd: () => void;
  /** Resolves once no request has been in hand for a while (true), or after the longest wait (false); passed around unbound. */
  waitForQuiet: () => Promise<boolean>;
}

export function createRequestPressure({
  quietMs = 25,
  maxWaitMs = 1_000,
  staleMs = 5_000,
  now = Date.now,
}: { quietMs?: number; maxWaitMs?: number; staleMs?: number; now?: () => number } = {}): RequestPressure {
  let inHand = 0;
  let lastActivityAt = Number.NEGATIVE_INFINITY;
  /** How long until it is quiet, if nothing else arrives; 0 when quiet now. */
  function busyFor(): number {
    const idle = now() - lastActivityAt;
    if (inHand > 0 && idle < staleMs) return quietMs;
    return Math.max(0, quietMs - idle);
  }
  return {
    noteStart() {
      inHand += 1;
      lastActivityAt = now();
    },
    noteEnd() {
      inHand = Math.max(0, inHand - 1);
      lastActivityAt = now();
    },
    async waitForQuiet() {
      const deadline = now() + maxWaitMs;
      for (;;) {
        const wait = busyFor();
        if (wait === 0) return true;
        const left = deadline - now();
        if (left <= 0) return false;
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, left)));
      }
    },
  };
}
