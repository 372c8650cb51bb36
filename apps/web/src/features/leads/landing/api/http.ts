import { API_BASE, limits } from '@portal/contract';

/** A settled call: the HTTP status and the JSON body, or null when the body is not JSON. */
export interface ApiResponse {
  status: number;
  ok: boolean;
  body: unknown;
}

/**
 * The landing page's whole HTTP client: `fetch` under the API base with the spec's 10 s timeout.
 * The full app uses axios; this entry must stay light (docs/decisions/002).
 */
export async function callApi(
  path: string,
  init: { method?: 'GET' | 'POST'; json?: unknown; token?: string | null } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const response = await fetch(`${API_BASE}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    signal: AbortSignal.timeout(limits.requestTimeoutMs),
  });
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, ok: response.ok, body };
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** `{status:'success', data}` → data, else an error carrying the server's message when it sent one. */
export function readSuccessData(response: ApiResponse): Record<string, unknown> {
  const { body } = response;
  if (response.ok && isRecord(body) && body.status === 'success' && isRecord(body.data)) return body.data;
  const message = isRecord(body) && typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
  throw new Error(message);
}
