/**
 * Whether an error means the database cannot be reached right now (down, restarting, out of
 * connections), as opposed to a bug or a bad query. Such failures answer 503 with Retry-After.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let err = error, depth = 0;
    err && typeof err === 'object' && depth < 5;
    err = (err as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = err as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (networkCodes.has(code) || isUnavailableSqlState(code))) return true;
    if (typeof message === 'string' && poolMessages.some((m) => message.startsWith(m))) return true;
  }
  return false;
}

/** The driver's own reason (code and message), without the failed query or its parameters. */
export function describeDatabaseError(error: unknown): { code?: string; message?: string } {
  let err = error;
  for (let depth = 0; depth < 5 && err && typeof err === 'object' && (err as { cause?: unknown }).cause; depth++) {
    err = (err as { cause?: unknown }).cause;
  }
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return { code: typeof code === 'string' ? code : undefined, message: typeof message === 'string' ? message : undefined };
}

/** Seconds a client should wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATE class 08 (connection exception), 57P01-03 (shutdown, crash, starting up), 53300 (too many connections). */
const isUnavailableSqlState = (code: string) =>
  /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';

/** node-postgres reports a dropped or unobtainable connection with these messages and no code. */
const poolMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];
