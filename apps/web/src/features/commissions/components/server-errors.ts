import axios from 'axios';

/** The `{ field: message }` of a 400/422 answer (`errors`, or `error.fields`), else an empty object. */
export function getFieldErrors(error: unknown): Record<string, string> {
  if (!axios.isAxiosError<{ errors?: unknown; error?: { fields?: unknown } }>(error)) return {};
  const data = error.response?.data;
  const fields = data?.errors ?? data?.error?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
