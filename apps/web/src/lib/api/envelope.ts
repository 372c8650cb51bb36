import type { AxiosResponse } from 'axios';
import type { z } from 'zod';
import { ensureSuccess, unwrapSuccess } from './errors';

/** The `data` of a contract response schema (`successEnvelope(...)`), as the type the screen reads. */
export type ApiData<S extends z.ZodType> = z.infer<S> extends { data: infer D } ? D : never;

/**
 * Awaits a call and reads `{ status: 'success', data }`, typed from the contract's response schema:
 * `getData<typeof meResponse>(api.get(apiPaths.users.me))`. Anything else throws ApiStatusError.
 */
export async function getData<S extends z.ZodType>(call: Promise<AxiosResponse<unknown>>): Promise<ApiData<S>> {
  const { data } = await call;
  return unwrapSuccess((data ?? {}) as { status?: unknown; message?: unknown; data?: ApiData<S> });
}

/** Awaits a call that answers `{ status: 'success', message }` (or 204) and returns the message. */
export async function getMessage(call: Promise<AxiosResponse<unknown>>): Promise<string | undefined> {
  const { data } = await call;
  return ensureSuccess(data as { status?: unknown; message?: unknown } | '' | null | undefined);
}
