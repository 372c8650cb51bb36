import axios from 'axios';
import toast from 'react-hot-toast';

/** The server's `message` of an error answer, if it sent one. */
export function getServerMessage(error: unknown): string | undefined {
  if (axios.isAxiosError<{ message?: unknown }>(error)) {
    const message = error.response?.data?.message;
    return typeof message === 'string' && message.trim() !== '' ? message : undefined;
  }
  if (error instanceof ApiStatusError) return error.serverMessage;
  return undefined;
}

/**
 * Runs a request whose failure the screen shows in place (an alert, a field's error) rather than as a
 * toast: `show` gets the server's message, else the fallback. Resolves either way.
 */
export async function tryRequest(request: () => Promise<unknown>, show: (message: string) => void, fallback: string) {
  try {
    await request();
  } catch (error) {
    show(getServerMessage(error) ?? fallback);
  }
}

/** Runs a request whose failure is told in a toast: the server's message, else the fallback. Resolves either way. */
export const tryOrToast = (request: () => Promise<unknown>, fallback: string) =>
  tryRequest(request, (message) => toast.error(message), fallback);

/** The server's error `code` (e.g. TWO_FACTOR_CHALLENGE_EXPIRED), if it sent one. */
export function getServerCode(error: unknown): string | undefined {
  if (!axios.isAxiosError<{ code?: unknown }>(error)) return undefined;
  const code = error.response?.data?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The server's field messages of an error answer (`errors: { field: message }`). */
export function getServerFieldErrors(error: unknown): Record<string, string> {
  if (!axios.isAxiosError<{ errors?: unknown }>(error)) return {};
  const errors = error.response?.data?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}

/** True when the server answered (with an error status), false for network errors and timeouts. */
export function hasServerAnswer(error: unknown): boolean {
  if (axios.isAxiosError(error)) return error.response !== undefined;
  return error instanceof ApiStatusError;
}

/** Thrown when the server answered 2xx but its envelope status is not 'success' (spec §5). */
export class ApiStatusError extends Error {
  constructor(readonly serverMessage?: string) {
    super(serverMessage ?? 'Unexpected response status');
    this.name = 'ApiStatusError';
  }
}

/** Reads `{ status: 'success', data }`; anything else is an ApiStatusError. */
export function unwrapSuccess<T>(body: { status?: unknown; message?: unknown; data?: T }): T {
  if (body.status !== 'success' || body.data === undefined) {
    throw new ApiStatusError(typeof body.message === 'string' ? body.message : undefined);
  }
  return body.data;
}

/** For calls that answer `{ status: 'success', message }` without data. */
export function ensureSuccess(body: { status?: unknown; message?: unknown } | '' | null | undefined): string | undefined {
  // A 2xx without a body (204) is a success too.
  if (!body) return undefined;
  if (body.status !== 'success') {
    throw new ApiStatusError(typeof body.message === 'string' ? body.message : undefined);
  }
  return typeof body.message === 'string' ? body.message : undefined;
}
